import { resetPasswordResponse } from '@clinic/domain/contracts/account-security';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Sets a new password from a reset link (`POST /api/auth/password/reset`). */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) =>
      api('/api/auth/password/reset', { method: 'POST', body, noTenant: true, reply: resetPasswordResponse }),
  });
}
