import type { QueryClient } from '@tanstack/react-query';
import { ApiError, tenantStorage } from '../client';
import { sessionQueryKey } from './get-session';

/**
 * Whether a failed call says the session is over: ended by the inactivity timeout (the
 * organization's, or the member's own shorter one), past its absolute limit, or signed out
 * elsewhere. The server answers all of them alike (401 `auth/required`).
 */
export function isSessionEnded(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401 && err.code === 'auth/required';
}

/**
 * What the page does when the server ended the session: as a sign-out, the stored organization
 * and clinic are forgotten and every cached answer dropped, and the session becomes "signed out",
 * so the route guard shows the sign-in page (and returns to the page after signing in). A page
 * that already knows it is signed out (a public page) has nothing to forget.
 */
export function forgetEndedSession(client: QueryClient): void {
  if (!client.getQueryData(sessionQueryKey)) return;
  tenantStorage.clear();
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  client.setQueryData(sessionQueryKey, null);
}
