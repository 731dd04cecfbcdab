import { sessionListResponse } from '@clinic/domain/contracts/account-security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { accountSecurityKeys } from './keys';

/** The member's sessions (`GET /api/auth/sessions`). */
export function getSessionsQueryOptions() {
  return queryOptions({
    queryKey: accountSecurityKeys.sessions,
    queryFn: ({ signal }) => api('/api/auth/sessions', { signal, noTenant: true, reply: sessionListResponse }).then((r) => r.sessions),
  });
}

/** The member's sessions. */
export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
