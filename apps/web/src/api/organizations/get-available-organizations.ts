import type { AvailableOrganizationsReply } from '@clinic/domain/contracts/organizations-replies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { USER_SCOPE } from '../tenant';

/** Query keys of organizations; the list spans the user's organizations, so it is in the user's scope. */
export const organizationKeys = {
  all: ['organizations'] as const,
  available: () => ['organizations', USER_SCOPE, 'available'] as const,
};

/** `GET /api/org/available`: organizations the signed-in user belongs to or is invited to. */
export function getAvailableOrganizationsQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.available(),
    queryFn: ({ signal }) => api<AvailableOrganizationsReply>('/api/org/available', { noTenant: true, signal }).then((r) => r.organizations),
    staleTime: 60_000,
  });
}

/** The organizations the signed-in user may choose or switch to (the setup step and the header switcher). */
export function useAvailableOrganizations() {
  return useQuery(getAvailableOrganizationsQueryOptions());
}
