import { createApiKeyResponse, type CreateApiKeyBody } from '@clinic/domain/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** Creates an API key (`POST /api/organizations/api-keys`); the answer holds its secret, shown once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api('/api/organizations/api-keys', { method: 'POST', body, reply: createApiKeyResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: organizationKeys.apiKeys() }),
  });
}
