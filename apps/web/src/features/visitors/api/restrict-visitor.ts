import { visitorResponse } from '@clinic/domain/contracts/visitors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { visitorKeys } from './keys';

/** Restrict (watch list: the kiosk refuses them) or lift a restriction, with the reason. */
export interface RestrictionInput {
  id: string;
  restrict: boolean;
  reason: string;
}

/** `POST /api/visitors/{id}/restrict` or `/unrestrict` `{ reason }`, then the lists and figures refresh. */
export function useSetVisitorRestriction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, restrict, reason }: RestrictionInput) =>
      api(`/api/visitors/${encodeURIComponent(id)}/${restrict ? 'restrict' : 'unrestrict'}`, {
        method: 'POST',
        body: { reason },
        reply: visitorResponse,
      }).then((r) => r.visitor),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: visitorKeys.all }), client.invalidateQueries({ queryKey: visitorKeys.allStats })]),
  });
}
