import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** What enrolment gives: the secret as text, its otpauth URL and its QR code (made on the server). */
export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  qr: string;
}

/** Starts two-factor enrolment (`POST /api/auth/mfa/enroll`). */
export function useEnrollMfa() {
  return useMutation({ mutationFn: () => api<Enrolment>('/api/auth/mfa/enroll', { method: 'POST', noTenant: true }) });
}
