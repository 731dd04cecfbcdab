import { currentOrganizationResponse } from '@clinic/domain/contracts/organizations-replies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** The current organization (`GET /api/organizations`); null when the user has none yet. */
export function getOrganizationQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.organization(),
    queryFn: ({ signal }) => api('/api/organizations', { signal, reply: currentOrganizationResponse }).then((r) => r.organization),
  });
}

/** The current organization. */
export function useOrganization() {
  return useQuery(getOrganizationQueryOptions());
}
