import { signInResponse, signUpResponse } from '@clinic/domain/contracts/auth';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from '../../../api/organizations';
import { sessionQueryKey } from '../../../api/session';
import { acceptInvitation } from './accept-invitation';

/**
 * What the sign-in form sends: e-mail, password, an invitation link's token to accept once signed
 * in, and the link request of a single sign-on to link (it lets the password through enforcement).
 */
export interface Credentials {
  email: string;
  password: string;
  invite?: string | null;
  ssoLink?: string | null;
}

/**
 * Posts the credentials (the session arrives as an httpOnly cookie), then accepts the invitation
 * if there is one: a failed acceptance fails the whole step, before the session is re-read.
 */
export async function submitCredentials(path: '/api/auth/sign-in' | '/api/auth/sign-up', { email, password, invite, ssoLink }: Credentials) {
  // Signing up from an invitation: the server applies that organization's password policy.
  const signUp = path === '/api/auth/sign-up';
  const body = signUp
    ? invite
      ? { email, password, invitationToken: invite }
      : { email, password }
    : { email, password, ...(ssoLink ? { ssoLink } : {}) };
  await api(path, { method: 'POST', body, noTenant: true, reply: signUp ? signUpResponse : signInResponse });
  if (invite) await acceptInvitation(invite);
}

/** The signed-in user changed, or their memberships did: re-reads the session and their organizations. */
export function refreshUserData(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: sessionQueryKey }), client.invalidateQueries({ queryKey: organizationKeys.all })]);
}
