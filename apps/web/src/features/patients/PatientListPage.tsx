import { PATIENT_SORTS, PATIENT_STATUS_FILTERS, type PatientDto, type PatientSort } from '@clinic/domain/contracts/patients';
import { Anchor, Button, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Banner } from '../../ui/Banner';
import { ListFilters } from '../../ui/ListFilters';
import { EmptyState } from '../../ui/EmptyState';
import { QueryState } from '../../ui/QueryState';
import { usePatient } from './api/get-patient';
import { usePatients } from './api/get-patients';
import { DischargeDialog } from './components/DischargeDialog';
import { PatientTable } from './components/PatientTable';
import { fullName } from './lib/format';

/** Rows per page of the directory. */
export const PAGE_SIZE = 25;

const STATUS_OPTIONS = PATIENT_STATUS_FILTERS.map((s) => ({ value: s, label: s === 'all' ? 'All' : s[0].toUpperCase() + s.slice(1) }));
const SORT_LABELS: Record<PatientSort, string> = { name: 'Name', createdAt: 'Date Added', status: 'Status' };
const SORT_OPTIONS = PATIENT_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }));

type StatusFilter = (typeof PATIENT_STATUS_FILTERS)[number];

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/** /patients: "Patient Management". Search, filter, sort and page are kept in the address. */
export function PatientListPage() {
  const [params, setParams] = useSearchParams();
  const status = oneOf<StatusFilter>(params.get('status'), PATIENT_STATUS_FILTERS, 'all');
  const sort = oneOf<PatientSort>(params.get('sort'), PATIENT_SORTS, 'name');
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = params.get('search') ?? '';
  const highlightId = params.get('patientId');
  const fromIntake = params.get('source') === 'intake';

  const [searchInput, setSearchInput] = useState(search);
  const [debouncedSearch] = useDebouncedValue(searchInput.trim(), 300);
  const [discharging, setDischarging] = useState<PatientDto | null>(null);

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  // The typed search reaches the address (and the query) once typing pauses.
  useEffect(() => {
    if (debouncedSearch !== search.trim()) update({ search: debouncedSearch, page: null });
  }, [debouncedSearch]); // eslint-disable-line react-hooks/exhaustive-deps

  const query = usePatients({ search: search.trim() || undefined, status, sort, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const highlighted = usePatient(fromIntake ? highlightId : null);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>Patient Management</Title>
        <Group gap="sm">
          <Button variant="default" onClick={() => query.refetch()} loading={query.isFetching && !query.isPending}>
            Refresh
          </Button>
          <Button component={Link} to="/patients/new">
            Add New Patient
          </Button>
        </Group>
      </Group>

      {fromIntake && highlighted.data && (
        <Banner tone="success" title="Patient added from intake">
          {fullName(highlighted.data)} was added to the directory.{' '}
          <Anchor component={Link} to={`/patients/${highlighted.data.id}`}>
            View patient
          </Anchor>
        </Banner>
      )}

      <Paper withBorder p="md">
        <ListFilters
          gap="md"
          role="search"
          search={{
            style: { flex: '1 1 280px' },
            label: 'Search',
            placeholder: 'Search by name, email or phone',
            type: 'search',
            value: searchInput,
            onChange: (e) => setSearchInput(e.currentTarget.value),
            maxLength: 100,
          }}
          filters={[
            { label: 'Status', value: status, data: STATUS_OPTIONS, onChange: (v) => update({ status: v === 'all' ? null : v, page: null }) },
            { label: 'Sort by', value: sort, data: SORT_OPTIONS, onChange: (v) => update({ sort: v === 'name' ? null : v, page: null }) },
          ]}
        />
      </Paper>

      <Paper withBorder p={0} aria-busy={query.isFetching}>
        <QueryState
          query={query}
          loadingLabel="Loading patients"
          isEmpty={(page) => page.patients.length === 0}
          empty={<EmptyState title="No patients found" description="Try adjusting your search or filter criteria" />}
        >
          {(page) => <PatientTable patients={page.patients} highlightId={highlightId} onDischarge={setDischarging} />}
        </QueryState>
      </Paper>

      {total > 0 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {(page - 1) * PAGE_SIZE + 1}-{Math.min(page * PAGE_SIZE, total)} of {total} patients
          </Text>
          {pages > 1 && (
            <nav aria-label="Patient list pages">
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(p) => update({ page: p === 1 ? null : String(p) })}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
                getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
              />
            </nav>
          )}
        </Group>
      )}

      <DischargeDialog patient={discharging} onClose={() => setDischarging(null)} />
    </Stack>
  );
}
