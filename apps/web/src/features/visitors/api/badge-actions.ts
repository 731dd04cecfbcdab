import type { VisitorBadgeDto, VisitorDto } from '@clinic/domain/contracts/visitors';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { visitorKeys } from './keys';

/** The visit and its badge as a badge action leaves them. */
export interface VisitorWithBadge {
  visitor: VisitorDto;
  badge: VisitorBadgeDto;
}

const refresh = (client: QueryClient, visitor: VisitorDto) => {
  client.setQueryData(visitorKeys.detail(visitor.id), (old: VisitorDto | undefined) =>
    old ? { ...visitor, visitHistory: old.visitHistory } : old,
  );
  return Promise.all([client.invalidateQueries({ queryKey: visitorKeys.all }), client.invalidateQueries({ queryKey: visitorKeys.stats })]);
};

/** Reprints a visitor's valid badge (`POST /api/visitors/{id}/badge/reprint`): the same number, to print again. */
export function useReprintBadge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<VisitorWithBadge>(`/api/visitors/${encodeURIComponent(id)}/badge/reprint`, { method: 'POST' }),
    onSuccess: (result) => refresh(client, result.visitor),
  });
}

/** Revokes a visitor's badge with a reason (`POST /api/visitors/{id}/badge/revoke`): the visitor is checked out. */
export function useRevokeBadge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<VisitorWithBadge>(`/api/visitors/${encodeURIComponent(id)}/badge/revoke`, { method: 'POST', body: { reason } }),
    onSuccess: (result) => refresh(client, result.visitor),
  });
}
