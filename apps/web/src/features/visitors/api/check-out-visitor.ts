import type { VisitorDto } from '@clinic/domain/contracts/visitors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { visitorKeys } from './keys';

/** Checks a visitor out (`POST /api/visitors/{id}/check-out`), then refreshes the lists and figures. */
export function useCheckOutVisitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ visitor: VisitorDto }>(`/api/visitors/${encodeURIComponent(id)}/check-out`, { method: 'POST', body: {} }).then((r) => r.visitor),
    onSuccess: (visitor) => {
      client.setQueryData(visitorKeys.detail(visitor.id), visitor);
      return Promise.all([client.invalidateQueries({ queryKey: visitorKeys.all }), client.invalidateQueries({ queryKey: visitorKeys.stats })]);
    },
  });
}
