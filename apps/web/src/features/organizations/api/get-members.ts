import { memberDirectoryResponse, type MemberDirectoryReply } from '@clinic/domain/contracts/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** Members with their counts (`GET /api/org/users`). */
export type MembersData = MemberDirectoryReply;

/** The organization's members and counts. */
export function getMembersQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.members(),
    queryFn: ({ signal }) => api('/api/org/users', { signal, reply: memberDirectoryResponse }),
  });
}

/** The organization's members and counts. */
export function useMembers() {
  return useQuery(getMembersQueryOptions());
}
