import type { EnrollmentDto } from '@clinic/domain/contracts/clinical-trials';
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { Banner } from '../../../ui/Banner';
import { useEnrollments } from '../api/get-enrollments';
import { useCompleteVisit } from '../api/complete-visit';
import { useWithdrawEnrollment } from '../api/withdraw-enrollment';

const nextVisit = (e: EnrollmentDto) => e.visitSchedule.find((v) => v.status !== 'Completed');

/** A trial's enrolments: screening number, patient, dates, group, status, compliance and the visit schedule. */
export function EnrollmentsTable({ trialId, actions = true }: { trialId: string; actions?: boolean }) {
  const query = useEnrollments(trialId);
  const complete = useCompleteVisit();
  const withdraw = useWithdrawEnrollment();
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = (p: Promise<unknown>) => p.catch((err: Error) => setError(err.message));

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
          <Table.ScrollContainer minWidth={800}>
            <Table striped aria-label="Enrollments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Screening Number</Table.Th>
                  <Table.Th>Patient</Table.Th>
                  <Table.Th>Enrollment Date</Table.Th>
                  <Table.Th>Randomization Group</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Compliance</Table.Th>
                  <Table.Th>Visit Schedule</Table.Th>
                  {actions && <Table.Th>Actions</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((e) => {
                  const visit = nextVisit(e);
                  return (
                    <Table.Tr key={e.id}>
                      <Table.Td>{e.screeningNumber ?? '—'}</Table.Td>
                      <Table.Td>{e.patientName}</Table.Td>
                      <Table.Td>{e.enrollmentDate}</Table.Td>
                      <Table.Td>{e.randomizationGroup ?? '—'}</Table.Td>
                      <Table.Td>{e.status}</Table.Td>
                      <Table.Td>{e.compliance === null ? 'No visits due' : `${e.compliance}%`}</Table.Td>
                      <Table.Td>
                        <Stack gap={0}>
                          {e.visitSchedule.map((v) => (
                            <Text key={v.visitNumber} fz="xs">
                              {v.visitNumber}. {v.visitName}: {v.scheduledDate} · {v.status}
                              {v.completedDate ? ` (${v.completedDate})` : ''}
                            </Text>
                          ))}
                        </Stack>
                      </Table.Td>
                      {actions && (
                        <Table.Td>
                          {e.status === 'Active' && (
                            <Stack gap="xs">
                              {visit && visit.scheduledDate <= new Date().toISOString().slice(0, 10) && (
                                <Button
                                  size="xs"
                                  variant="light"
                                  loading={complete.isPending}
                                  onClick={() => void run(complete.mutateAsync({ enrollmentId: e.id, visitNumber: visit.visitNumber }))}
                                  aria-label={`Record ${visit.visitName} visit of ${e.patientName} as completed`}
                                >
                                  Complete {visit.visitName}
                                </Button>
                              )}
                              {withdrawing === e.id ? (
                                <Group gap="xs" wrap="nowrap">
                                  <TextInput
                                    size="xs"
                                    label="Withdrawal reason"
                                    value={reason}
                                    onChange={(ev) => setReason(ev.currentTarget.value)}
                                  />
                                  <Button
                                    size="xs"
                                    color="red.9"
                                    disabled={!reason.trim()}
                                    onClick={() => void run(withdraw.mutateAsync({ enrollmentId: e.id, reason }).then(() => setWithdrawing(null)))}
                                  >
                                    Confirm
                                  </Button>
                                </Group>
                              ) : (
                                <Button size="xs" variant="default" onClick={() => (setWithdrawing(e.id), setReason(''))}>
                                  Withdraw
                                </Button>
                              )}
                            </Stack>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </QueryState>
  );
}
