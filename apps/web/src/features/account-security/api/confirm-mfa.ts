import { mfaConfirmResponse } from '@clinic/domain/contracts/account-security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { sessionQueryKey } from '../../../api/session';
import { accountSecurityKeys } from './keys';

/** Confirms enrolment with a code (`POST /api/auth/mfa/confirm`); answers the backup codes, shown once. */
export function useConfirmMfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api('/api/auth/mfa/confirm', { method: 'POST', body: { code }, noTenant: true, reply: mfaConfirmResponse }).then((r) => r.backupCodes),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: accountSecurityKeys.security }), client.invalidateQueries({ queryKey: sessionQueryKey })]),
  });
}
