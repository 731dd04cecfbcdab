import { invitationAcceptedResponse } from '@clinic/domain/contracts/members';
import { api } from '../../../api/client';

/** Accepts an invitation link's token for the signed-in user (part of signing in or up from the link). */
export const acceptInvitation = (token: string) =>
  api(`/api/organizations/invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    noTenant: true,
    reply: invitationAcceptedResponse,
  });
