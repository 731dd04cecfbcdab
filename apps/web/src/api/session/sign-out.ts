import type { AuthOkReply } from '@clinic/domain/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, tenantStorage } from '../client';

/**
 * Ends the session. Whether or not the server answers, the stored organization and clinic are
 * forgotten and every cached answer dropped, so nothing of the user stays in the page.
 */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<AuthOkReply>('/api/auth/sign-out', { method: 'POST', noTenant: true }),
    onSettled: () => {
      tenantStorage.clear();
      client.clear();
    },
  });
}
