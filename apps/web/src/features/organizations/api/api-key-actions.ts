import type { CreateApiKeyBody, CreateApiKeyResponse, RevokeApiKeyResponse } from '@clinic/domain/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** Creates an API key (`POST /api/organizations/api-keys`); the answer holds its secret, shown once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api<CreateApiKeyResponse>('/api/organizations/api-keys', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: organizationKeys.apiKeys() }),
  });
}

/** Revokes an API key (`DELETE /api/organizations/api-keys/{id}`). */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<RevokeApiKeyResponse>(`/api/organizations/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: organizationKeys.apiKeys() }),
  });
}
