import { authOkResponse } from '@clinic/domain/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { accountSecurityKeys } from './keys';

/** Signs one session out (`DELETE /api/auth/sessions/{id}`). */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', noTenant: true, reply: authOkResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountSecurityKeys.sessions }),
  });
}
