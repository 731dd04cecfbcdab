import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { accountSecurityKeys } from './keys';

/** Changes the password (`POST /api/auth/password`); the member's other sessions end. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api<{ sessionsEnded: number }>('/api/auth/password', { method: 'POST', body, noTenant: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountSecurityKeys.sessions }),
  });
}
