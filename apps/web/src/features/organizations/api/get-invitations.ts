import { invitationListResponse } from '@clinic/domain/contracts/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** A pending invitation as listed. */
export type InvitationRow = z.output<typeof invitationListResponse>['invitations'][number];

/** The organization's pending invitations (`GET /api/organizations/invitations`). */
export function getInvitationsQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.invitations(),
    queryFn: ({ signal }) => api('/api/organizations/invitations', { signal, reply: invitationListResponse }).then((r) => r.invitations),
  });
}

/** The pending invitations. */
export function useInvitations() {
  return useQuery(getInvitationsQueryOptions());
}
