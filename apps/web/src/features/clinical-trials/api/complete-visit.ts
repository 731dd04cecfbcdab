import { enrollmentResponse } from '@clinic/domain/contracts/clinical-trials';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateTrials } from './invalidate-trials';

/** Records a scheduled visit as done today. */
export function useCompleteVisit() {
  const invalidate = useInvalidateTrials();
  return useMutation({
    mutationFn: ({ enrollmentId, visitNumber }: { enrollmentId: string; visitNumber: number }) =>
      api(`/api/clinical-trials/enrollments/${encodeURIComponent(enrollmentId)}/visits/${visitNumber}/complete`, {
        method: 'POST',
        body: {},
        reply: enrollmentResponse,
      }),
    onSuccess: invalidate,
  });
}
