import { trialResponse, type TrialInput } from '@clinic/domain/contracts/clinical-trials';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateTrials } from './invalidate-trials';

/** Creates a trial (`POST /api/clinical-trials`) or edits one (`PUT /api/clinical-trials/{id}`). */
export function useSaveTrial() {
  const invalidate = useInvalidateTrials();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TrialInput }) =>
      api(id ? `/api/clinical-trials/${encodeURIComponent(id)}` : '/api/clinical-trials', {
        method: id ? 'PUT' : 'POST',
        body,
        reply: trialResponse,
      }).then((r) => r.trial),
    onSuccess: invalidate,
  });
}
