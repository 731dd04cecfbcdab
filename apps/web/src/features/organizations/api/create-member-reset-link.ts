import { memberResetLinkResponse } from '@clinic/domain/contracts/account-security';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { memberUrl } from './member-url';

/** A single-use reset link (30 minutes) an Admin creates for a member, shown once. */
export type MemberResetLink = z.output<typeof memberResetLinkResponse>;

/** Creates a password reset link for a member (`POST /api/organizations/members/{id}/password-reset-link`). */
export function useCreateMemberResetLink() {
  return useMutation({
    mutationFn: (id: string) => api(`${memberUrl(id)}/password-reset-link`, { method: 'POST', reply: memberResetLinkResponse }),
  });
}
