import { forgotPasswordResponse } from '@clinic/domain/contracts/account-security';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Asks for a reset link (`POST /api/auth/password/forgot`): the same answer whatever the e-mail. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      api('/api/auth/password/forgot', { method: 'POST', body: { email }, noTenant: true, reply: forgotPasswordResponse }),
  });
}
