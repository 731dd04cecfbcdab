import { sentInvitationResponse } from '@clinic/domain/contracts/members';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvitationsRefresh } from './invitations-refresh';

/** Sends an invitation again with a new link (`POST /api/organizations/invitations/{id}/resend`). */
export function useResendInvitation() {
  const refresh = useInvitationsRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/organizations/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST', body: {}, reply: sentInvitationResponse }),
    onSuccess: refresh,
  });
}
