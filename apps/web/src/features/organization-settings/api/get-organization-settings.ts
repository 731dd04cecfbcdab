import { organizationSettingsResponse } from '@clinic/domain/contracts/organization-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationSettingsKeys } from './keys';

/** The organization's settings (`GET /api/organizations/settings`). */
export function getOrganizationSettingsQueryOptions() {
  return queryOptions({
    queryKey: organizationSettingsKeys.settings(),
    queryFn: ({ signal }) => api('/api/organizations/settings', { signal, reply: organizationSettingsResponse }).then((r) => r.settings),
  });
}

/** The organization's settings. */
export function useOrganizationSettings() {
  return useQuery(getOrganizationSettingsQueryOptions());
}
