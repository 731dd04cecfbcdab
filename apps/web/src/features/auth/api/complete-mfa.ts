import { signInResponse } from '@clinic/domain/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { acceptInvitation } from './accept-invitation';
import { refreshUserData } from './credentials';

/** The second step of a sign-in: the password step's token, a code, and the link's invitation if any. */
export interface SecondFactor {
  mfaToken: string;
  code: string;
  invite?: string | null;
}

/** Completes a sign-in with the second factor (`POST /api/auth/mfa`), then re-reads the session. */
export function useCompleteMfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ mfaToken, code, invite }: SecondFactor) => {
      await api('/api/auth/mfa', { method: 'POST', body: { mfaToken, code }, noTenant: true, reply: signInResponse });
      if (invite) await acceptInvitation(invite);
    },
    onSuccess: () => refreshUserData(client),
  });
}
