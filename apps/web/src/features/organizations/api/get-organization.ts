import type { OrganizationDto } from '@clinic/domain/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** The current organization (`GET /api/organizations`); null when the user has none yet. */
export function getOrganizationQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.organization(),
    queryFn: ({ signal }) => api<{ organization: OrganizationDto | null }>('/api/organizations', { signal }).then((r) => r.organization),
  });
}

/** The current organization. */
export function useOrganization() {
  return useQuery(getOrganizationQueryOptions());
}
