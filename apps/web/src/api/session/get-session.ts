import type { SessionReply } from '@clinic/domain/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, tenantStorage } from '../client';
import { USER_SCOPE } from '../tenant';

/**
 * The authenticated context the server returns for the current session: the user, their membership,
 * organization and clinics, their features and their second factor.
 */
export type SessionContext = SessionReply;

/** The session's key: it belongs to the signed-in user, and decides the tenant of everything else. */
export const sessionQueryKey = ['session', USER_SCOPE] as const;

/** Reads the session; null when signed out. Keeps the stored organization and clinic in step. */
export async function fetchSession(): Promise<SessionContext | null> {
  try {
    // The shell's first-load reads are typed by their contract but not parsed (the first-load budget).
    const data = await api<SessionReply>('/api/auth/session', { noTenant: true });
    tenantStorage.set(data.organization?.id, data.clinic?.id);
    return data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      tenantStorage.clear();
      return null;
    }
    throw err;
  }
}

/** `GET /api/auth/session`, kept for a minute. */
export function getSessionQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000, retry: false });
}

/** The session, shared by guards, layouts and pages. */
export function useSession() {
  return useQuery(getSessionQueryOptions());
}
