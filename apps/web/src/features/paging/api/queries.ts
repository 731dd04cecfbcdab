import {
  onCallResponse,
  pageDetailResponse,
  pageHistoryResponse,
  pagingRecipientsResponse,
  pagingStatsResponse,
  type PageHistoryQuery,
} from '@clinic/domain/contracts/paging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pagingKeys } from './keys';

/** The history's filters and page as a screen holds them (`recipient: 'me'` is the caller's inbox). */
export type PageHistoryParams = Partial<PageHistoryQuery>;

/** A page of the clinic's pages, newest first (`GET /api/paging/history`). */
export function usePageHistory(params: PageHistoryParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: pagingKeys.history(params),
    queryFn: ({ signal }) => api('/api/paging/history', { query: { ...params }, signal, reply: pageHistoryResponse }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One page and its timeline (`GET /api/paging/{id}`). */
export function usePageDetail(id: string | null) {
  return useQuery({
    queryKey: pagingKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api(`/api/paging/${encodeURIComponent(id ?? '')}`, { signal, reply: pageDetailResponse }),
    enabled: !!id,
  });
}

/** The clinic's paging figures for its day (`GET /api/paging/stats/overview`). */
export function usePagingStats() {
  return useQuery({
    queryKey: pagingKeys.stats(),
    queryFn: ({ signal }) => api('/api/paging/stats/overview', { signal, reply: pagingStatsResponse }).then((r) => r.stats),
  });
}

/** Members of the clinic who can be paged, each marked when on call now (`GET /api/paging/recipients`). */
export function usePagingRecipients(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: pagingKeys.recipients(),
    queryFn: ({ signal }) => api('/api/paging/recipients', { signal, reply: pagingRecipientsResponse }).then((r) => r.recipients),
    enabled: options.enabled ?? true,
  });
}

/** The clinic's on-call rotas, each with who is on call now (`GET /api/paging/on-call`). */
export function useOnCallRotas() {
  return useQuery({
    queryKey: pagingKeys.onCall(),
    queryFn: ({ signal }) => api('/api/paging/on-call', { signal, reply: onCallResponse }).then((r) => r.rotas),
  });
}
