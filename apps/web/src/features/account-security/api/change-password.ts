import { changePasswordResponse } from '@clinic/domain/contracts/account-security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { accountSecurityKeys } from './keys';

/** Changes the password (`POST /api/auth/password`); the member's other sessions end. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api('/api/auth/password', { method: 'POST', body, noTenant: true, reply: changePasswordResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountSecurityKeys.sessions }),
  });
}
