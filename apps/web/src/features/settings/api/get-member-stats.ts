import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { settingsKeys } from './keys';

/** The System category's user statistics. */
export interface MemberStats {
  totalUsers: number;
  activeUsers: number;
  pendingInvites: number;
}

/** `GET /api/organizations/stats`: member and invitation counts (any member may read them). */
export function getMemberStatsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.memberStats(),
    queryFn: ({ signal }) => api<{ stats: { statistics: MemberStats } }>('/api/organizations/stats', { signal }).then((r) => r.stats.statistics),
  });
}

/** The organization's user statistics. */
export function useMemberStats() {
  return useQuery(getMemberStatsQueryOptions());
}
