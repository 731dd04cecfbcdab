import { authMessage } from '@clinic/domain/contracts/auth';
import type { ClinicDto, OrganizationDto } from '@clinic/domain/contracts/organizations';
import { ApiError, api } from '../../../api/client';

/** The catalogue message for a failed sign-in or sign-up. */
export function authErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return authMessage(err.code, err.message);
  return authMessage(undefined, err instanceof Error ? err.message : undefined);
}

/** Signs in with e-mail and password (the session arrives as an httpOnly cookie). */
export const signIn = (email: string, password: string) =>
  api('/api/auth/sign-in', { method: 'POST', body: { email, password }, noTenant: true });

/** Creates an account and signs it in. */
export const signUp = (email: string, password: string) =>
  api('/api/auth/sign-up', { method: 'POST', body: { email, password }, noTenant: true });

/** Completes an e-mail verification link. */
export const verifyEmail = (token: string) =>
  api<{ email: string }>('/api/auth/verify-email', { method: 'POST', body: { token }, noTenant: true });

/** Mails a new verification link to the signed-in user. */
export const resendVerification = () =>
  api<{ alreadyVerified: boolean; message?: string }>('/api/auth/verify-email/resend', { method: 'POST', noTenant: true });

/** Accepts an invitation link's token for the signed-in user. */
export const acceptInvitation = (token: string) =>
  api<{ organizationId: string }>(`/api/organizations/invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    noTenant: true,
  });

/** Creates an organization (and its default clinic) owned by the caller. */
export const createOrganization = (input: { name: string; type: string; address: string; phone: string; email: string }) =>
  api<{ organization: OrganizationDto; clinic: ClinicDto; message: string }>('/api/organizations', {
    method: 'POST',
    body: { ...input, status: 'active' },
    noTenant: true,
  });

/** Makes an organization and clinic the current ones. */
export const setProfile = (organizationId: string, clinicId: string) =>
  api('/api/auth/profile', { method: 'PUT', body: { organizationId, clinicId }, noTenant: true });
