import type { PageHistoryResponse } from '@clinic/domain/contracts/page-dto';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pagingKeys } from './keys';

/** How many of the caller's open pages the pager lists; its count is the total of all of them. */
export const OPEN_PAGES_SHOWN = 10;
const params = { recipient: 'me', open: 'true', pageSize: OPEN_PAGES_SHOWN } as const;

/**
 * The caller's open pages (sent, delivered or escalated to them), newest first, and how many there
 * are (`GET /api/paging/history?recipient=me&open=true`), typed but not parsed like the shell's other
 * first-load reads, so the shell carries no schema for it. The event stream's `paging.updated`
 * refreshes it at once; the slow interval only covers a stream that dropped an event, since every
 * read is audited.
 */
export function useOpenPages() {
  return useQuery({
    queryKey: pagingKeys.history(params),
    queryFn: ({ signal }) => api<PageHistoryResponse>('/api/paging/history', { query: { ...params }, signal }),
    refetchInterval: 60_000,
  });
}
