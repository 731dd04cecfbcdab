import { revokedInvitationResponse } from '@clinic/domain/contracts/members';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvitationsRefresh } from './invitations-refresh';

/** Revokes a pending invitation (`DELETE /api/organizations/invitations/{id}`). */
export function useRevokeInvitation() {
  const refresh = useInvitationsRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/organizations/invitations/${encodeURIComponent(id)}`, { method: 'DELETE', reply: revokedInvitationResponse }),
    onSuccess: refresh,
  });
}
