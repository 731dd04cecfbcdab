import { sentInvitationResponse, type SentInvitationReply } from '@clinic/domain/contracts/members';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvitationsRefresh } from './invitations-refresh';

/**
 * What sending (or resending) an invitation answers: the accept link, whether it was mailed, and
 * whether invitation e-mails are turned off in the organization's notification settings.
 */
export type SentInvitation = SentInvitationReply;

/** Sends an invitation (`POST /api/organizations/invite`). */
export function useSendInvitation() {
  const refresh = useInvitationsRefresh();
  return useMutation({
    mutationFn: (body: { email: string; role: string }) =>
      api('/api/organizations/invite', { method: 'POST', body, reply: sentInvitationResponse }),
    onSuccess: refresh,
  });
}
