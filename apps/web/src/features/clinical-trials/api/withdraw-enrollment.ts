import { enrollmentResponse } from '@clinic/domain/contracts/clinical-trials';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateTrials } from './invalidate-trials';

/** Withdraws an enrolment with its reason. */
export function useWithdrawEnrollment() {
  const invalidate = useInvalidateTrials();
  return useMutation({
    mutationFn: ({ enrollmentId, reason }: { enrollmentId: string; reason: string }) =>
      api(`/api/clinical-trials/enrollments/${encodeURIComponent(enrollmentId)}/withdraw`, {
        method: 'POST',
        body: { reason },
        reply: enrollmentResponse,
      }),
    onSuccess: invalidate,
  });
}
