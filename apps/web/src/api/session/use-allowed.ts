import { screenRefusal } from '@clinic/domain/rules/screen-access';
import type { RouteAccessRule } from '@clinic/domain/rules/route-access';
import { useSession } from './get-session';

/** True when the signed-in member passes `rule` (the server decides; this only hides what would be refused). */
export function useAllowed(rule: RouteAccessRule): boolean {
  const session = useSession();
  const member = session.data?.organizationUser;
  return screenRefusal({ member, features: session.data?.features ?? [] }, rule) === null;
}
