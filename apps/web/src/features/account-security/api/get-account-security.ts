import { accountSecurityResponse } from '@clinic/domain/contracts/account-security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { accountSecurityKeys } from './keys';

/** The member's second factor (`GET /api/auth/security`). */
export function getAccountSecurityQueryOptions() {
  return queryOptions({
    queryKey: accountSecurityKeys.security,
    queryFn: ({ signal }) => api('/api/auth/security', { signal, noTenant: true, reply: accountSecurityResponse }).then((r) => r.mfa),
  });
}

/** The member's second factor. */
export function useAccountSecurity() {
  return useQuery(getAccountSecurityQueryOptions());
}
