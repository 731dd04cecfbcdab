import { onCallRotaResponse, pageResponse, type OnCallRotaBody, type PageBody } from '@clinic/domain/contracts/paging';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pagingKeys } from './keys';

/** Refreshes every paging read of the clinic (inbox, badge, history, figures, rotas). */
function useRefreshPaging() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: pagingKeys.all });
}

/** One page to send, with the key every try of it carries (a retry never pages twice). */
export interface PageSubmission {
  body: PageBody;
  idempotencyKey: string;
}

/** Sends a page (`POST /api/paging/page`). */
export function useSendPage() {
  const refresh = useRefreshPaging();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: PageSubmission) =>
      api('/api/paging/page', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, reply: pageResponse }).then((r) => r.page),
    onSuccess: refresh,
  });
}

/** Acknowledges a page sent or escalated to the caller (`POST /api/paging/{id}/acknowledge`). */
export function useAcknowledgePage() {
  const refresh = useRefreshPaging();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/paging/${encodeURIComponent(id)}/acknowledge`, { method: 'POST', body: {}, reply: pageResponse }).then((r) => r.page),
    onSuccess: refresh,
  });
}

/** Cancels a page the caller sent, or any as an Admin (`POST /api/paging/{id}/cancel`). */
export function useCancelPage() {
  const refresh = useRefreshPaging();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api(`/api/paging/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: reason ? { reason } : {}, reply: pageResponse }).then(
        (r) => r.page,
      ),
    onSuccess: refresh,
  });
}

/** Replaces one role's rota of the clinic (`PUT /api/paging/on-call`). */
export function useSaveRota() {
  const refresh = useRefreshPaging();
  return useMutation({
    mutationFn: (body: OnCallRotaBody) => api('/api/paging/on-call', { method: 'PUT', body, reply: onCallRotaResponse }).then((r) => r.rota),
    onSuccess: refresh,
  });
}
