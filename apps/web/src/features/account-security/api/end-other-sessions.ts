import { endOtherSessionsResponse } from '@clinic/domain/contracts/account-security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { accountSecurityKeys } from './keys';

/** Signs every other session out (`POST /api/auth/sessions/sign-out-others`). */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/auth/sessions/sign-out-others', { method: 'POST', noTenant: true, reply: endOtherSessionsResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountSecurityKeys.sessions }),
  });
}
