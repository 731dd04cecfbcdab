import { checkAccess, type Permission, type Role } from '@clinic/domain/rules/access';
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
 * Role or permission guard, deciding with the same function as the server. The role check
 * applies only when the organization user is known (as the spec says); a permission needs a true flag.
 */
export function RequireAccess({ role, permission, children }: { role?: Role; permission?: Permission; children: ReactNode }) {
  const session = useSession();
  const member = session.data?.organizationUser;
  if (role && member) {
    const refusal = checkAccess(member, { role });
    if (refusal) return <AccessDeniedScreen kind="role" required={role} current={member.role} />;
  }
  if (permission) {
    const refusal = checkAccess(member, { permission });
    if (refusal) return <AccessDeniedScreen kind="permission" required={permission} />;
  }
  return <>{children}</>;
}
