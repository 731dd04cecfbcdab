import { and, eq, inArray } from 'drizzle-orm';
import { organizationMembers } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/**
 * The user ids of the organization's active Admins and Owners, as a select the caller uses in its
 * own statement (`inArray(column, query)`): the SOC 2 privacy check reads their saved retention.
 */
export function activeAdminUserIdsQuery(tx: TenantTx, organizationId: string) {
  return tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        inArray(organizationMembers.role, ['Admin', 'Owner']),
        eq(organizationMembers.status, 'active'),
      ),
    );
}

/**
 * The organization's memberships of any status (`id`, `userId`, `role`, `status`), as a select the
 * caller joins in its own statement (`.as(alias)`) and narrows there (by member id, active only):
 * the sign-in locks and an Admin's help with a member's sign-in read the members' accounts through it.
 */
export function organizationMembershipsQuery(tx: TenantTx, organizationId: string) {
  return tx
    .select({ id: organizationMembers.id, userId: organizationMembers.userId, role: organizationMembers.role, status: organizationMembers.status })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
}

/**
 * A user's membership of the organization (`id`, `organizationId`, `userId`, `role`, `department`,
 * `title`), as a select the caller joins in its own statement (`.as(alias)`): a member's settings
 * are laid over their account and membership in one read.
 */
export function membershipOfQuery(tx: TenantTx, organizationId: string, userId: string) {
  return tx
    .select({
      id: organizationMembers.id,
      organizationId: organizationMembers.organizationId,
      userId: organizationMembers.userId,
      role: organizationMembers.role,
      department: organizationMembers.department,
      title: organizationMembers.title,
    })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
}

/** A change a member makes to their own membership from their settings: role (with its permissions), department, title. */
export type OwnMembershipChange = Partial<Pick<typeof organizationMembers.$inferInsert, 'role' | 'permissions' | 'department' | 'title'>>;

/** Writes `change` to the organization's membership `memberId`. */
export async function updateOwnMembership(tx: TenantTx, organizationId: string, memberId: string, change: OwnMembershipChange): Promise<void> {
  await tx
    .update(organizationMembers)
    .set(change)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.id, memberId)));
}
