import type { MemberDto } from '@clinic/domain/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** Members with their counts (`GET /api/org/users`). */
export interface MembersData {
  users: MemberDto[];
  stats: { totalUsers: number; activeUsers: number; pendingInvites: number };
}

/** The organization's members and counts. */
export function getMembersQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.members(),
    queryFn: ({ signal }) => api<MembersData>('/api/org/users', { signal }),
  });
}

/** The organization's members and counts. */
export function useMembers() {
  return useQuery(getMembersQueryOptions());
}
