import { visitorBadgeResponse } from '@clinic/domain/contracts/visitors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { refreshVisitor } from './refresh-visitor';

/** Reprints a visitor's valid badge (`POST /api/visitors/{id}/badge/reprint`): the same number, to print again. */
export function useReprintBadge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/visitors/${encodeURIComponent(id)}/badge/reprint`, { method: 'POST', reply: visitorBadgeResponse }),
    onSuccess: (result) => refreshVisitor(client, result.visitor),
  });
}
