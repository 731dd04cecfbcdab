/** The signed-in session: who, which organization and clinic, which features. */
export { fetchSession, getSessionQueryOptions, sessionQueryKey, useSession, type SessionContext } from './get-session';
export { useRefreshSession } from './refresh-session';
export { useSignOut } from './sign-out';
export { forgetEndedSession, isSessionEnded } from './signed-out';
