import { ALL_PERMISSIONS } from '@clinic/domain';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { invitations, organizationMembers } from '../../db/schema/index.js';
import type { AccountDb, TenantTx } from '../../platform/route/index.js';

/**
 * The memberships and invitations as the organizations module needs them: an organization's
 * founding Owner, the organizations an account may choose, and a test organization's removal.
 */

/** Makes the user the new organization's Owner (every flag), active from `now`. */
export async function addFoundingOwner(tx: TenantTx, organizationId: string, member: { id: string; userId: string; now: Date }): Promise<void> {
  await tx.insert(organizationMembers).values({
    organizationId,
    id: member.id,
    userId: member.userId,
    role: 'Owner',
    permissions: ALL_PERMISSIONS,
    status: 'active',
    joinedAt: member.now,
    lastActiveAt: member.now,
  });
}

/** The user's active memberships (`organizationId`, `role`), as a select the caller joins (`.as(alias)`). */
export function activeMembershipsQuery(db: AccountDb, userId: string) {
  return db
    .select({ organizationId: organizationMembers.organizationId, role: organizationMembers.role })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.status, 'active')));
}

/** The organizations holding a pending, unexpired invitation for `email` (`organizationId`), as a select the caller joins. */
export function pendingInvitationsQuery(db: AccountDb, email: string, now: Date) {
  return db
    .select({ organizationId: invitations.organizationId })
    .from(invitations)
    .where(and(eq(invitations.email, email), eq(invitations.status, 'Pending'), gt(invitations.expiresAt, now)));
}

/** Ends every membership of the organization and revokes its pending invitations; the users whose membership ended. */
export async function endOrganizationMemberships(tx: TenantTx, organizationId: string): Promise<Array<{ userId: string }>> {
  const ended = await tx
    .update(organizationMembers)
    .set({ status: 'removed' })
    .where(eq(organizationMembers.organizationId, organizationId))
    .returning({ userId: organizationMembers.userId });
  await tx
    .update(invitations)
    .set({ status: 'Revoked' })
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.status, 'Pending')));
  return ended;
}

/**
 * The account's first other active organization (earliest joined), as a scalar subquery on the
 * caller's `userId` column: where an account goes when its current organization closes.
 */
export function nextActiveOrganizationSql(userId: SQL, excluding: string): SQL {
  return sql`(
    select m.organization_id from organization_members m
    where m.user_id = ${userId} and m.status = 'active' and m.organization_id <> ${excluding}
    order by m.joined_at nulls last, m.organization_id limit 1)`;
}
