import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Sets a new password from a reset link (`POST /api/auth/password/reset`). */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) =>
      api<{ message: string }>('/api/auth/password/reset', { method: 'POST', body, noTenant: true }),
  });
}
