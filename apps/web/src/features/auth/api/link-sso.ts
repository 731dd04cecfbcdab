import { authOkResponse } from '@clinic/domain/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { refreshUserData } from './credentials';

/**
 * Links the identity a single sign-on left (`POST /api/auth/sso/link`) to the account just signed in
 * with its password; the next single sign-on then signs that account in. Re-reads the session and
 * the organizations, which the link may have changed.
 */
export function useLinkSso() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api('/api/auth/sso/link', { method: 'POST', body: { token }, noTenant: true, reply: authOkResponse }),
    onSuccess: () => refreshUserData(client),
  });
}
