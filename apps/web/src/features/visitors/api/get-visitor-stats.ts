import { visitorStatsResponse } from '@clinic/domain/contracts/visitors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { visitorKeys } from './keys';

/** Today's visitor figures (`GET /api/visitors/stats`), refreshed every 30 s besides the live events. */
export function getVisitorStatsQueryOptions() {
  return queryOptions({
    queryKey: visitorKeys.stats(),
    queryFn: ({ signal }) => api('/api/visitors/stats', { signal, reply: visitorStatsResponse }).then((r) => r.stats),
    refetchInterval: 30_000,
  });
}

/** Today's visitor figures. */
export function useVisitorStats() {
  return useQuery(getVisitorStatsQueryOptions());
}
