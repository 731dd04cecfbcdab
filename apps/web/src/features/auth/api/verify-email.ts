import { verifyEmailResponse } from '@clinic/domain/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { refreshUserData } from './credentials';

/**
 * Completes an e-mail verification link. The session (whose user is now verified) and the
 * organizations (invitations by address now show) are re-read in the background: the answer
 * shows at once.
 */
export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api('/api/auth/verify-email', { method: 'POST', body: { token }, noTenant: true, reply: verifyEmailResponse }),
    onSuccess: () => {
      void refreshUserData(client);
    },
  });
}
