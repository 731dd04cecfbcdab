import { rightsRequestResponse } from '@clinic/domain/contracts/gdpr';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { gdprKeys } from './keys';

/** Completes or rejects an open rights request with how it was answered. */
export function useCompleteRightsRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; resolution: string; outcome: 'COMPLETED' | 'REJECTED' }) =>
      api(`/api/gdpr/requests/${encodeURIComponent(id)}/complete`, { method: 'POST', body, reply: rightsRequestResponse }).then((r) => r.request),
    onSuccess: () => client.invalidateQueries({ queryKey: gdprKeys.all }),
  });
}
