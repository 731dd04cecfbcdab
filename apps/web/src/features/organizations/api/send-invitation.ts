import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvitationsRefresh } from './invitations-refresh';

/** What sending (or resending) an invitation answers: the accept link, and whether it was mailed. */
export interface SentInvitation {
  invitation: { id: string; email: string; role: string; acceptUrl: string; expiresAt: string };
  mailed: boolean;
  /** Invitation e-mails are turned off in the organization's notification settings. */
  mailOff?: boolean;
}

/** Sends an invitation (`POST /api/organizations/invite`). */
export function useSendInvitation() {
  const refresh = useInvitationsRefresh();
  return useMutation({
    mutationFn: (body: { email: string; role: string }) => api<SentInvitation>('/api/organizations/invite', { method: 'POST', body }),
    onSuccess: refresh,
  });
}
