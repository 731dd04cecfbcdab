import { memberResetEmailResponse } from '@clinic/domain/contracts/account-security';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { memberUrl } from './member-url';

/** What mailing a member a reset link answers: the address it went to (the link itself is never shown). */
export type MemberResetEmail = z.output<typeof memberResetEmailResponse>;

/**
 * Mails a member a single-use password reset link to their own address
 * (`POST /api/organizations/members/{id}/password-reset-email`): what an Admin can do where a link
 * shown to them is refused because the account also belongs to another organization.
 */
export function useSendMemberResetEmail() {
  return useMutation({
    mutationFn: (id: string) => api(`${memberUrl(id)}/password-reset-email`, { method: 'POST', reply: memberResetEmailResponse }),
  });
}
