import { apiKeyListResponse } from '@clinic/domain/contracts/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** The organization's API keys, newest first, revoked ones included (`GET /api/organizations/api-keys`). */
export function getApiKeysQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.apiKeys(),
    queryFn: ({ signal }) => api('/api/organizations/api-keys', { signal, reply: apiKeyListResponse }).then((r) => r.keys),
  });
}

/** The API keys. */
export function useApiKeys() {
  return useQuery(getApiKeysQueryOptions());
}
