import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, type Role } from '@clinic/domain';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { invitations, organizationMembers } from '../../db/schema/index.js';
import { hashToken } from '../../platform/crypto.js';
import type { AccountDb, TenantTx } from '../../platform/route/index.js';

/**
 * The memberships and invitations as the account side needs them: an organization's founding
 * Owner, the organizations an account may choose or belongs to (the session, its password policy
 * and second factor, account-wide actions), an invitation's organization, and a test
 * organization's removal.
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

/**
 * Makes the user an active member with `role` and that role's default flags, from `now`: a
 * single sign-on's first sign-in or a confirmed link. False when the user already holds a
 * membership of any status (a removed member is not brought back this way).
 */
export async function addMemberWithRole(
  tx: TenantTx,
  organizationId: string,
  member: { id: string; userId: string; role: Role; now: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(organizationMembers)
    .values({
      organizationId,
      id: member.id,
      userId: member.userId,
      role: member.role,
      permissions: DEFAULT_PERMISSIONS[member.role] ?? {},
      status: 'active',
      joinedAt: member.now,
      lastActiveAt: member.now,
    })
    .onConflictDoNothing({ target: [organizationMembers.organizationId, organizationMembers.userId] })
    .returning({ id: organizationMembers.id });
  return inserted.length > 0;
}

/** The user's active memberships (whole rows), as a select the caller joins (`.as(alias)`). */
export function activeMembershipsQuery(db: AccountDb, userId: string) {
  return db
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.status, 'active')));
}

/** Every membership of the user, in any organization and of any status (`organizationId`, `status`); awaited, the rows. */
export function accountMembershipsQuery(db: AccountDb, userId: string) {
  return db
    .select({ organizationId: organizationMembers.organizationId, status: organizationMembers.status })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId));
}

/** The organizations holding a pending, unexpired invitation for `email` (`organizationId`), as a select the caller joins. */
export function pendingInvitationsQuery(db: AccountDb, email: string, now: Date) {
  return db
    .select({ organizationId: invitations.organizationId })
    .from(invitations)
    .where(and(eq(invitations.email, email), eq(invitations.status, 'Pending'), gt(invitations.expiresAt, now)));
}

/** The organization of the pending, unexpired invitation whose token is `token` (`organizationId`), as a select the caller joins. */
export function liveInvitationQuery(db: AccountDb, token: string, now: Date) {
  return db
    .select({ organizationId: invitations.organizationId })
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashToken(token)), eq(invitations.status, 'Pending'), gt(invitations.expiresAt, now)));
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
