import { memberStatsResponse, type MemberStatsDto } from '@clinic/domain/contracts/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { settingsKeys } from './keys';

/** The System category's user statistics. */
export type MemberStats = MemberStatsDto;

/** `GET /api/organizations/stats`: member and invitation counts (any member may read them). */
export function getMemberStatsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.memberStats(),
    queryFn: ({ signal }) => api('/api/organizations/stats', { signal, reply: memberStatsResponse }).then((r) => r.stats.statistics),
  });
}

/** The organization's user statistics. */
export function useMemberStats() {
  return useQuery(getMemberStatsQueryOptions());
}
