import { completePermissions, type AccessSubject } from '@clinic/domain';
import { and, eq } from 'drizzle-orm';
import { organizationMembers } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/** A membership as access checks read it: its id, role, complete permission flags and status. */
export interface MemberAccess extends AccessSubject {
  id: string;
  role: string;
  permissions: ReturnType<typeof completePermissions>;
  status: string;
}

/**
 * A user's membership of the organization as it stands now, as access checks read it (`isAllowed`
 * of `@clinic/domain`); undefined when the user is not a member. Work that runs later on a member's
 * behalf (a queued EHR sync) checks it again before it acts in their name.
 */
export async function memberAccessOf(tx: TenantTx, organizationId: string, userId: string): Promise<MemberAccess | undefined> {
  const [row] = await tx
    .select({
      id: organizationMembers.id,
      role: organizationMembers.role,
      permissions: organizationMembers.permissions,
      status: organizationMembers.status,
    })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
  return row ? { ...row, permissions: completePermissions(row.permissions as Record<string, unknown>) } : undefined;
}
