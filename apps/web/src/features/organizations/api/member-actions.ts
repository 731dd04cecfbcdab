import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

const memberUrl = (id: string) => `/api/organizations/members/${encodeURIComponent(id)}`;

/** What removing a member answers: who went and how many of their sessions ended. */
export interface RemovedMember {
  id: string;
  email: string;
  role: string;
  sessionsEnded: number;
}

/** Removes a member from the organization (`DELETE /api/organizations/members/{id}`), then reloads the members. */
export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ member: RemovedMember }>(memberUrl(id), { method: 'DELETE' }).then((r) => r.member),
    onSuccess: () => client.invalidateQueries({ queryKey: organizationKeys.members() }),
  });
}

/** A single-use reset link (30 minutes) an Admin creates for a member, shown once. */
export interface MemberResetLink {
  resetUrl: string;
  expiresAt: string;
}

/** Creates a password reset link for a member (`POST /api/organizations/members/{id}/password-reset-link`). */
export function useCreateMemberResetLink() {
  return useMutation({
    mutationFn: (id: string) => api<MemberResetLink>(`${memberUrl(id)}/password-reset-link`, { method: 'POST' }),
  });
}

/** Resets a member's second factor (`POST /api/organizations/members/{id}/mfa/reset`): they enrol again. */
export function useResetMemberMfa() {
  return useMutation({
    mutationFn: (id: string) => api<{ success: true }>(`${memberUrl(id)}/mfa/reset`, { method: 'POST' }),
  });
}

/** What mailing a member a reset link answers: the address it went to (the link itself is never shown). */
export interface MemberResetEmail {
  email: string;
  expiresAt: string;
  message: string;
}

/**
 * Mails a member a single-use password reset link to their own address
 * (`POST /api/organizations/members/{id}/password-reset-email`): what an Admin can do where a link
 * shown to them is refused because the account also belongs to another organization.
 */
export function useSendMemberResetEmail() {
  return useMutation({
    mutationFn: (id: string) => api<MemberResetEmail>(`${memberUrl(id)}/password-reset-email`, { method: 'POST' }),
  });
}
