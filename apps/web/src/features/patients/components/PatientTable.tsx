import type { PatientDto } from '@clinic/domain/contracts/patients';
import { ageLabel } from '@clinic/domain/rules/patient-age';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { StatusChip } from '../../../ui/StatusChip';
import { formatDay } from '../../../ui/date-format';
import { STATUS_LABELS, fullName } from '../lib/format';

function Contact({ patient: p }: { patient: PatientDto }) {
  return (
    <Stack gap={0}>
      {p.email && <Text size="sm">{p.email}</Text>}
      {p.phone && (
        <Text size="sm" c="dimmed">
          {p.phone}
        </Text>
      )}
      {!p.email && !p.phone && (
        <Text size="sm" c="dimmed">
          Not recorded
        </Text>
      )}
    </Stack>
  );
}

/** The directory table: patient, contact, age, status, last visit, actions. Sorting and pages are the server's. */
export function PatientTable({
  patients,
  highlightId,
  onDischarge,
}: {
  patients: PatientDto[];
  highlightId?: string | null;
  onDischarge: (patient: PatientDto) => void;
}) {
  const columns: DataTableColumn<PatientDto>[] = [
    {
      key: 'patient',
      header: 'Patient',
      cell: (p) => (
        <>
          <Anchor component={Link} to={`/patients/${p.id}`} fw={600}>
            {fullName(p)}
          </Anchor>
          <Text size="xs" c="dimmed">
            ID: {p.id.slice(0, 8)}
          </Text>
        </>
      ),
    },
    { key: 'contact', header: 'Contact', cell: (p) => <Contact patient={p} /> },
    { key: 'age', header: 'Age', cell: (p) => ageLabel(p.dateOfBirth) },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => (
        <StatusChip status={p.status} variant="light">
          {STATUS_LABELS[p.status]}
        </StatusChip>
      ),
    },
    {
      key: 'lastVisit',
      header: 'Last Visit',
      cell: (p) =>
        p.lastVisit ? (
          formatDay(p.lastVisit)
        ) : (
          <Text c="dimmed" size="sm">
            No visits
          </Text>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (p) => {
        const name = fullName(p);
        return (
          <Group gap={6} wrap="nowrap">
            <Button size="xs" variant="light" component={Link} to={`/patients/${p.id}`} aria-label={`View ${name}`}>
              View
            </Button>
            <Button size="xs" variant="default" component={Link} to={`/patients/${p.id}/edit`} aria-label={`Edit ${name}`}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              disabled={p.status === 'discharged'}
              onClick={() => onDischarge(p)}
              aria-label={`Discharge ${name}`}
            >
              Discharge
            </Button>
          </Group>
        );
      },
    },
  ];
  return (
    <DataTable
      label="Patients"
      columns={columns}
      rows={patients}
      rowKey={(p) => p.id}
      rowProps={(p) => (p.id === highlightId ? { 'data-highlighted': true, 'aria-current': 'true', bg: 'yellow.1' } : {})}
      minWidth={860}
      striped
      highlightOnHover
      verticalSpacing="sm"
    />
  );
}
