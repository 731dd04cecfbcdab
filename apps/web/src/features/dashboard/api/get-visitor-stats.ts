import { visitorStatsResponse } from '@clinic/domain/contracts/visitors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/**
 * The Visitors tab's figures (`GET /api/visitors/stats`, readable by any member). The key starts
 * with `visitor-stats`, the live resource a check-in or check-out (`visitors.updated`) refreshes.
 */
export function getDashboardVisitorStatsQueryOptions(organizationId: string | undefined) {
  return queryOptions({
    queryKey: ['visitor-stats', 'dashboard', organizationId] as const,
    queryFn: ({ signal }) => api('/api/visitors/stats', { signal, reply: visitorStatsResponse }).then((r) => r.stats),
    enabled: Boolean(organizationId),
  });
}

/** Today's visitor figures of the current organization. */
export function useDashboardVisitorStats(organizationId: string | undefined) {
  return useQuery(getDashboardVisitorStatsQueryOptions(organizationId));
}
