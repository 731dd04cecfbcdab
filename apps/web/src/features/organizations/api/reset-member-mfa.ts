import { authOkResponse } from '@clinic/domain/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { memberUrl } from './member-url';

/** Resets a member's second factor (`POST /api/organizations/members/{id}/mfa/reset`): they enrol again. */
export function useResetMemberMfa() {
  return useMutation({
    mutationFn: (id: string) => api(`${memberUrl(id)}/mfa/reset`, { method: 'POST', reply: authOkResponse }),
  });
}
