import { ssoConfigurationResponse } from '@clinic/domain/contracts/sso';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationSettingsKeys } from './keys';

/** The organization's single sign-on (`GET /api/organizations/sso`, Admins and Owners); the client secret is never read back. */
export function getSsoConfigurationQueryOptions() {
  return queryOptions({
    queryKey: organizationSettingsKeys.sso(),
    queryFn: ({ signal }) => api('/api/organizations/sso', { signal, reply: ssoConfigurationResponse }).then((r) => r.ssoConfiguration),
  });
}

/** The organization's single sign-on. */
export function useSsoConfiguration() {
  return useQuery(getSsoConfigurationQueryOptions());
}
