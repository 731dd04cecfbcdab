import { adverseEventResponse } from '@clinic/domain/contracts/clinical-trials';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateTrials } from './invalidate-trials';

/** Marks an adverse event resolved. */
export function useResolveAdverseEvent() {
  const invalidate = useInvalidateTrials();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/clinical-trials/adverse-events/${encodeURIComponent(id)}/resolve`, { method: 'POST', body: {}, reply: adverseEventResponse }),
    onSuccess: invalidate,
  });
}
