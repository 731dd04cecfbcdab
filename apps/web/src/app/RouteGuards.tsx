import type { RouteAccessRule } from '@clinic/domain/rules/route-access';
import { screenRefusal } from '@clinic/domain/rules/screen-access';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { AccessDeniedScreen, CheckingAuthentication, ErrorState } from '../ui/StateScreens';

/** Signed-in only: "Checking authentication..." while loading, /login when signed out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <CheckingAuthentication />;
  if (session.isError) {
    return (
      <main>
        <ErrorState message={session.error.message} onRetry={() => session.refetch()} />
      </main>
    );
  }
  if (!session.data) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/**
 * The guard of a staff screen: its role, permission flag and plan feature, decided by the
 * domain's `screenRefusal`, the same call the side navigation filters its links with. The role
 * check applies only when the organization user is known (as the spec says); a permission needs a
 * true flag; a plan feature needs the subscription to grant it (the server refuses its calls too).
 */
export function RequireAccess({ rule, children }: { rule: RouteAccessRule; children: ReactNode }) {
  const session = useSession();
  const member = session.data?.organizationUser;
  const refusal = screenRefusal({ member, features: session.data?.features ?? [] }, rule);
  if (refusal?.kind === 'role') return <AccessDeniedScreen kind="role" required={refusal.required} current={member?.role ?? ''} />;
  if (refusal?.kind === 'permission') return <AccessDeniedScreen kind="permission" required={refusal.required} />;
  if (refusal?.kind === 'feature') return <AccessDeniedScreen kind="feature" required={refusal.required} message={refusal.message} />;
  return <>{children}</>;
}

/** Where a member enrols their second factor. */
export const ACCOUNT_SECURITY_PATH = '/account/security';

/**
 * Sends a member whose organization requires two-factor authentication, and who has none yet, to
 * the enrolment screen before any other staff screen (the server refuses their staff calls too).
 */
export function RequireMfaEnrolment({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.data?.security?.mfaEnrolmentRequired && location.pathname !== ACCOUNT_SECURITY_PATH) {
    return <Navigate to={ACCOUNT_SECURITY_PATH} replace />;
  }
  return <>{children}</>;
}
