import type { EnrollmentDto } from '@clinic/domain/contracts/clinical-trials';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Banner } from '../../../ui/Banner';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { useEnrollments } from '../api/get-enrollments';
import { EnrollmentActions } from './EnrollmentActions';

const VISIT_SCHEDULE: DataTableColumn<EnrollmentDto> = {
  key: 'schedule',
  header: 'Visit Schedule',
  cell: (e) => (
    <Stack gap={0}>
      {e.visitSchedule.map((v) => (
        <Text key={v.visitNumber} fz="xs">
          {v.visitNumber}. {v.visitName}: {v.scheduledDate} · {v.status}
          {v.completedDate ? ` (${v.completedDate})` : ''}
        </Text>
      ))}
    </Stack>
  ),
};

const ENROLLMENT_COLUMNS: DataTableColumn<EnrollmentDto>[] = [
  { key: 'screening', header: 'Screening Number', cell: (e) => e.screeningNumber ?? '—' },
  { key: 'patient', header: 'Patient', cell: (e) => e.patientName },
  { key: 'date', header: 'Enrollment Date', cell: (e) => e.enrollmentDate },
  { key: 'group', header: 'Randomization Group', cell: (e) => e.randomizationGroup ?? '—' },
  { key: 'status', header: 'Status', cell: (e) => e.status },
  { key: 'compliance', header: 'Compliance', cell: (e) => (e.compliance === null ? 'No visits due' : `${e.compliance}%`) },
  VISIT_SCHEDULE,
];

/** A trial's enrolments: screening number, patient, dates, group, status, compliance and the visit schedule. */
export function EnrollmentsTable({ trialId, actions = true }: { trialId: string; actions?: boolean }) {
  const query = useEnrollments(trialId);
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const columns: DataTableColumn<EnrollmentDto>[] = actions
    ? [
        ...ENROLLMENT_COLUMNS,
        {
          key: 'actions',
          header: 'Actions',
          cell: (e) => <EnrollmentActions enrollment={e} withdrawing={withdrawing === e.id} onWithdrawing={setWithdrawing} onError={setError} />,
        },
      ]
    : ENROLLMENT_COLUMNS;

  return (
    <QueryState
      query={query}
      errorMessage={(e) => `Error: ${e.message}`}
      isEmpty={(rows) => rows.length === 0}
      empty={<EmptyState title="No enrollments yet" />}
    >
      {(rows) => (
        <Stack gap="sm">
          {error && (
            <Banner tone="error" onDismiss={() => setError(null)}>
              {error}
            </Banner>
          )}
          <DataTable label="Enrollments" columns={columns} rows={rows} rowKey={(e) => e.id} minWidth={800} striped />
        </Stack>
      )}
    </QueryState>
  );
}
