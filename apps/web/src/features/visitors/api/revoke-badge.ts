import { visitorBadgeResponse } from '@clinic/domain/contracts/visitors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { refreshVisitor } from './refresh-visitor';

/** Revokes a visitor's badge with a reason (`POST /api/visitors/{id}/badge/revoke`): the visitor is checked out. */
export function useRevokeBadge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api(`/api/visitors/${encodeURIComponent(id)}/badge/revoke`, { method: 'POST', body: { reason }, reply: visitorBadgeResponse }),
    onSuccess: (result) => refreshVisitor(client, result.visitor),
  });
}
