import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** A pending invitation as listed. */
export interface InvitationRow {
  id: string;
  email: string;
  role: string;
  status: string;
  createdAt: string;
  expiresAt: string;
}

/** The organization's pending invitations (`GET /api/organizations/invitations`). */
export function getInvitationsQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.invitations(),
    queryFn: ({ signal }) => api<{ invitations: InvitationRow[] }>('/api/organizations/invitations', { signal }).then((r) => r.invitations),
  });
}

/** The pending invitations. */
export function useInvitations() {
  return useQuery(getInvitationsQueryOptions());
}
