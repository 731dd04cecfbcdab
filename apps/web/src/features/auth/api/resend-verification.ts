import { resendVerificationResponse } from '@clinic/domain/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Mails a new verification link to the signed-in user. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api('/api/auth/verify-email/resend', { method: 'POST', noTenant: true, reply: resendVerificationResponse }),
  });
}
