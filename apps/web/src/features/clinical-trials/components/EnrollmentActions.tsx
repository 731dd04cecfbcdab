import type { EnrollmentDto } from '@clinic/domain/contracts/clinical-trials';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { viewerToday } from '../../../ui/calendar-today';
import { useCompleteVisit } from '../api/complete-visit';
import { useWithdrawEnrollment } from '../api/withdraw-enrollment';

/** The first visit of the schedule not yet completed. */
const nextVisit = (e: EnrollmentDto) => e.visitSchedule.find((v) => v.status !== 'Completed');

/**
 * An active enrolment's actions: Complete its next visit once that visit is due, and Withdraw with
 * a reason (one row at a time: `withdrawing` is this row's turn).
 */
export function EnrollmentActions({
  enrollment: e,
  withdrawing,
  onWithdrawing,
  onError,
}: {
  enrollment: EnrollmentDto;
  withdrawing: boolean;
  onWithdrawing: (id: string | null) => void;
  onError: (message: string) => void;
}) {
  const complete = useCompleteVisit();
  const withdraw = useWithdrawEnrollment();
  const [reason, setReason] = useState('');
  const run = (p: Promise<unknown>) => p.catch((err: Error) => onError(err.message));
  if (e.status !== 'Active') return null;
  const visit = nextVisit(e);
  return (
    <Stack gap="xs">
      {visit && visit.scheduledDate <= viewerToday() && (
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
      {withdrawing ? (
        <Group gap="xs" wrap="nowrap">
          <TextInput size="xs" label="Withdrawal reason" value={reason} onChange={(ev) => setReason(ev.currentTarget.value)} />
          <Button
            size="xs"
            color="red.9"
            disabled={!reason.trim()}
            onClick={() => void run(withdraw.mutateAsync({ enrollmentId: e.id, reason }).then(() => onWithdrawing(null)))}
          >
            Confirm
          </Button>
        </Group>
      ) : (
        <Button size="xs" variant="default" onClick={() => (onWithdrawing(e.id), setReason(''))}>
          Withdraw
        </Button>
      )}
    </Stack>
  );
}
