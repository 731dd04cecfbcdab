import { authOkResponse } from '@clinic/domain/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { sessionQueryKey } from '../../../api/session';
import { accountSecurityKeys } from './keys';

/** Turns two-factor sign-in off (`POST /api/auth/mfa/disable`) with the password and a code. */
export function useDisableMfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) =>
      api('/api/auth/mfa/disable', { method: 'POST', body, noTenant: true, reply: authOkResponse }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: accountSecurityKeys.security }), client.invalidateQueries({ queryKey: sessionQueryKey })]),
  });
}
