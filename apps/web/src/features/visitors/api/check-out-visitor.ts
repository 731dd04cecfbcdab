import { visitorResponse, type VisitorDto } from '@clinic/domain/contracts/visitors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { visitorKeys } from './keys';

/** A check-out: the visit, and the visitor's optional rating of it (1 to 5). */
export interface CheckOutInput {
  id: string;
  rating?: number;
}

/** Checks a visitor out (`POST /api/visitors/{id}/check-out`), then refreshes the lists and figures. */
export function useCheckOutVisitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rating }: CheckOutInput) =>
      api(`/api/visitors/${encodeURIComponent(id)}/check-out`, {
        method: 'POST',
        body: rating === undefined ? {} : { rating },
        reply: visitorResponse,
      }).then((r) => r.visitor),
    onSuccess: (visitor) => {
      client.setQueryData(visitorKeys.detail(visitor.id), (old: VisitorDto | undefined) => ({ ...visitor, visitHistory: old?.visitHistory ?? [] }));
      return Promise.all([client.invalidateQueries({ queryKey: visitorKeys.all }), client.invalidateQueries({ queryKey: visitorKeys.allStats })]);
    },
  });
}
