import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** What sending (or resending) an invitation answers: the accept link, and whether it was mailed. */
export interface SentInvitation {
  invitation: { id: string; email: string; role: string; acceptUrl: string; expiresAt: string };
  mailed: boolean;
  /** Invitation e-mails are turned off in the organization's notification settings. */
  mailOff?: boolean;
}

function useInvitationsRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: organizationKeys.invitations() }),
      client.invalidateQueries({ queryKey: organizationKeys.members() }),
    ]);
}

/** Sends an invitation (`POST /api/organizations/invite`). */
export function useSendInvitation() {
  const refresh = useInvitationsRefresh();
  return useMutation({
    mutationFn: (body: { email: string; role: string }) => api<SentInvitation>('/api/organizations/invite', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** Sends an invitation again with a new link (`POST /api/organizations/invitations/{id}/resend`). */
export function useResendInvitation() {
  const refresh = useInvitationsRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api<SentInvitation>(`/api/organizations/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
}

/** Revokes a pending invitation (`DELETE /api/organizations/invitations/{id}`). */
export function useRevokeInvitation() {
  const refresh = useInvitationsRefresh();
  return useMutation({
    mutationFn: (id: string) => api(`/api/organizations/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
