import { mfaEnrollResponse } from '@clinic/domain/contracts/account-security';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';

/** What enrolment gives: the secret as text, its otpauth URL and its QR code (made on the server). */
export type Enrolment = Pick<z.output<typeof mfaEnrollResponse>, 'secret' | 'otpauthUrl' | 'qr'>;

/** Starts two-factor enrolment (`POST /api/auth/mfa/enroll`). */
export function useEnrollMfa() {
  return useMutation({ mutationFn: () => api('/api/auth/mfa/enroll', { method: 'POST', noTenant: true, reply: mfaEnrollResponse }) });
}
