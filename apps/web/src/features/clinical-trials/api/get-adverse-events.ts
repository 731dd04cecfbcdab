import { adverseEventListResponse } from '@clinic/domain/contracts/clinical-trials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { trialKeys } from './keys';

/** The organization's latest adverse events across trials (`GET /api/clinical-trials/adverse-events`). */
export function getRecentAdverseEventsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: trialKeys.recentAdverseEvents(limit),
    queryFn: ({ signal }) =>
      api('/api/clinical-trials/adverse-events', { query: { limit }, signal, reply: adverseEventListResponse }).then((r) => r.adverseEvents),
  });
}

/** The latest adverse events, newest first. */
export function useRecentAdverseEvents(limit: number) {
  return useQuery(getRecentAdverseEventsQueryOptions(limit));
}
