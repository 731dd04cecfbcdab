import { revokeApiKeyResponse } from '@clinic/domain/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** Revokes an API key (`DELETE /api/organizations/api-keys/{id}`). */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/organizations/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE', reply: revokeApiKeyResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: organizationKeys.apiKeys() }),
  });
}
