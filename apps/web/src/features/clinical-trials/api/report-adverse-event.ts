import { adverseEventResponse, type AdverseEventInput } from '@clinic/domain/contracts/clinical-trials';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateTrials } from './invalidate-trials';

/** Reports an adverse event (`POST /api/clinical-trials/{id}/adverse-events`). */
export function useReportAdverseEvent() {
  const invalidate = useInvalidateTrials();
  return useMutation({
    mutationFn: ({ trialId, body }: { trialId: string; body: AdverseEventInput }) =>
      api(`/api/clinical-trials/${encodeURIComponent(trialId)}/adverse-events`, { method: 'POST', body, reply: adverseEventResponse }).then(
        (r) => r.adverseEvent,
      ),
    onSuccess: invalidate,
  });
}
