import { invitationPermissions, planMemberChange, roleRank, type InviteBody, type Role, type UpdateMemberBody } from '@clinic/domain';
import { and, asc, count, eq, gt, ne, sql } from 'drizzle-orm';
import { invitations, organizationMembers } from '../../db/schema/index.js';
import { accountProfilesQuery, moveCurrentOrganization, setCurrentOrganization } from '../../platform/accounts.js';
import { hashToken, newId, newToken } from '../../platform/crypto.js';
import { toMemberDto } from '../../platform/dto.js';
import { AppError, notFound } from '../../platform/errors.js';
import { assertRoomFor } from '../../platform/plan-limits.js';
import { acceptInvitation, markEmailVerified } from '../../platform/membership.js';
import type { AccountRouteContext, RouteTenant, TenantAccountRouteContext, TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { endUserSessions } from '../../platform/sessions.js';

/** How long an invitation can be accepted. */
export const INVITATION_DAYS = 7;

/** The accounts (the platform's select), joined where a member is shown with their e-mail and names. */
const accountsOf = (tx: TenantTx) => accountProfilesQuery(tx).as('u');
const memberUser = (u: ReturnType<typeof accountsOf>) => ({
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  lastLoginAt: u.lastLoginAt,
});

/** Members of the request's organization. */
export async function listMembers({ tx, tenant }: { tx: TenantTx; tenant: RouteTenant }) {
  const u = accountsOf(tx);
  const rows = await tx
    .select({ member: organizationMembers, user: memberUser(u) })
    .from(organizationMembers)
    .innerJoin(u, eq(u.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, tenant.organizationId))
    .orderBy(asc(u.email));
  return rows.map((r) => toMemberDto(r.member, r.user));
}

/** Counts for the organization screens. */
export async function memberStats({ tx, tenant }: { tx: TenantTx; tenant: RouteTenant }) {
  const org = eq(organizationMembers.organizationId, tenant.organizationId);
  const [[total], [active], [pending]] = await Promise.all([
    tx.select({ n: count() }).from(organizationMembers).where(org),
    tx
      .select({ n: count() })
      .from(organizationMembers)
      .where(and(org, eq(organizationMembers.status, 'active'))),
    tx
      .select({ n: count() })
      .from(invitations)
      .where(and(eq(invitations.organizationId, tenant.organizationId), eq(invitations.status, 'Pending'), gt(invitations.expiresAt, new Date()))),
  ]);
  return { totalUsers: total.n, activeUsers: active.n, pendingInvites: pending.n };
}

/** Pending invitations of the request's organization. */
export async function listInvitations({ tx, tenant }: { tx: TenantTx; tenant: RouteTenant }) {
  const rows = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, tenant.organizationId), eq(invitations.status, 'Pending')))
    .orderBy(asc(invitations.createdAt));
  return rows.map((i) => ({
    id: i.id,
    email: i.email,
    role: i.role,
    status: i.expiresAt.getTime() > Date.now() ? i.status : 'Expired',
    organizationId: i.organizationId,
    createdAt: i.createdAt.toISOString(),
    expiresAt: i.expiresAt.toISOString(),
  }));
}

/**
 * Invites an e-mail address with a role no higher than the inviter's. The token is returned once;
 * only its hash is kept.
 */
export async function invite(ctx: TenantRouteContext, input: InviteBody) {
  const { tx, tenant } = ctx;
  if (roleRank(input.role) > roleRank(tenant.member.role)) {
    throw new AppError('access/forbidden', `You cannot invite someone with a role above your own (${tenant.member.role}).`);
  }
  const u = accountsOf(tx);
  const [existing] = await tx
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .innerJoin(u, eq(u.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, tenant.organizationId), eq(u.email, input.email)));
  if (existing) throw new AppError('conflict/already-member', 'This person is already a member of the organization.');
  // A new invitation replaces any earlier pending one for the same address.
  await tx
    .update(invitations)
    .set({ status: 'Revoked' })
    .where(and(eq(invitations.organizationId, tenant.organizationId), eq(invitations.email, input.email), eq(invitations.status, 'Pending')));
  // The plan's user limit counts members and pending invitations (the replaced one no longer).
  await assertRoomFor(tx, tenant.organizationId, 'users');
  const token = newToken();
  const id = newId();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  await tx.insert(invitations).values({
    organizationId: tenant.organizationId,
    id,
    email: input.email,
    role: input.role,
    permissions: invitationPermissions(tenant.member, input.role),
    tokenHash: hashToken(token),
    status: 'Pending',
    invitedBy: ctx.actor.userId,
    expiresAt,
  });
  await ctx.audit('invitation.created', { type: 'invitation', id }, { email: input.email, role: input.role });
  return { id, email: input.email, role: input.role, status: 'Pending', token, expiresAt: expiresAt.toISOString() };
}

/**
 * Accepts an invitation by its token for the signed-in user (whose e-mail it must be sent to).
 * Holding the token proves the address (it was sent there), so the address counts as verified.
 */
export async function acceptByToken({ db, user, actor }: AccountRouteContext, token: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.status !== 'Pending' || row.expiresAt.getTime() <= Date.now() || row.email !== user.email) {
    throw notFound('Invitation');
  }
  await acceptInvitation(db, user, row, actor.ip);
  await markEmailVerified(db, user);
  await setCurrentOrganization(db, user.id, row.organizationId);
  return { organizationId: row.organizationId, role: row.role };
}

async function ownerCount(tx: TenantTx, organizationId: string) {
  // Locks the active Owners' rows: of two Owners demoting each other at once, the second waits,
  // then sees that only one Owner is left.
  const owners = await tx
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 'Owner'), eq(organizationMembers.status, 'active')),
    )
    .for('update');
  return owners.length;
}

/**
 * Changes a member's role, flags or status under the one member-change rule of the domain
 * ({@link planMemberChange}); the last active Owner stays. A disabled member loses access at
 * once: every request re-reads the membership.
 */
export async function updateMember(ctx: TenantRouteContext, memberId: string, input: UpdateMemberBody) {
  const { tx, tenant } = ctx;
  const [target] = await tx
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, tenant.organizationId), eq(organizationMembers.id, memberId)));
  if (!target) throw notFound('Member');
  const plan = planMemberChange(tenant.member, target, input);
  if (!plan.ok) throw new AppError('access/forbidden', plan.refusal.message);
  const losesOwner =
    target.role === 'Owner' && target.status === 'active' && ((input.role && input.role !== 'Owner') || input.status === 'disabled');
  if (losesOwner && (await ownerCount(tx, tenant.organizationId)) <= 1) {
    throw new AppError('conflict/last-owner', 'The last Owner of an organization cannot be demoted or removed.');
  }
  const role = (input.role ?? target.role) as Role;
  const permissions = plan.permissions;
  const [updated] = await tx
    .update(organizationMembers)
    .set({
      role,
      permissions,
      status: input.status ?? target.status,
      department: input.department === undefined ? target.department : input.department,
      title: input.title === undefined ? target.title : input.title,
    })
    .where(and(eq(organizationMembers.organizationId, tenant.organizationId), eq(organizationMembers.id, memberId)))
    .returning();
  await ctx.audit(
    'member.updated',
    { type: 'member', id: memberId },
    {
      before: { role: target.role, status: target.status, permissions: target.permissions },
      after: { role: updated.role, status: updated.status, permissions: updated.permissions },
    },
  );
  const accounts = accountsOf(tx);
  const [u] = await tx.select(memberUser(accounts)).from(accounts).where(eq(accounts.id, updated.userId));
  return toMemberDto(updated, u);
}

/**
 * Removes a member from the organization under the member-change rule ({@link planMemberChange}:
 * below one's own rank, any rank for an Owner); the last active Owner stays, and nobody removes
 * themselves (an Owner hands over, then is removed by another Owner). The membership row goes
 * (its member settings with it), so the person can be invited again later; the audit row keeps
 * who they were. Access ends at once (every request re-reads the membership). Sessions are the
 * account's, not the organization's: they end when this was the person's last active membership;
 * otherwise their current organization moves to another of theirs, and their other
 * organizations keep them signed in.
 */
export async function removeMember(ctx: TenantAccountRouteContext, memberId: string) {
  const { db, tenant } = ctx;
  const organizationId = tenant.organizationId;
  const removed = await ctx.tenantTx(async (t) => {
    const u = accountsOf(t.tx);
    const [target] = await t.tx
      .select({ member: organizationMembers, email: u.email })
      .from(organizationMembers)
      .innerJoin(u, eq(u.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.id, memberId)))
      .for('update', { of: organizationMembers });
    if (!target) throw notFound('Member');
    const { member } = target;
    const lastOwner = async () => member.role === 'Owner' && member.status === 'active' && (await ownerCount(t.tx, organizationId)) <= 1;
    const lastOwnerError = () => new AppError('conflict/last-owner', 'The last Owner of an organization cannot be demoted or removed.');
    if (member.userId === t.actor.userId) {
      if (await lastOwner()) throw lastOwnerError();
      throw new AppError('conflict/remove-self', 'You cannot remove yourself from the organization. Another Admin or Owner can.');
    }
    const plan = planMemberChange(tenant.member, member, {});
    if (!plan.ok) throw new AppError('access/forbidden', plan.refusal.message.replace('change', 'remove'));
    if (await lastOwner()) throw lastOwnerError();
    await t.tx.delete(organizationMembers).where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.id, memberId)));
    await t.audit(
      'member.removed',
      { type: 'member', id: memberId },
      { userId: member.userId, email: target.email, role: member.role, status: member.status },
    );
    await t.emit('member.updated', memberId);
    return { id: memberId, userId: member.userId, email: target.email, role: member.role };
  });
  // Outside the tenant: the account's current choice and its sessions.
  const [other] = await db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.userId, removed.userId),
        eq(organizationMembers.status, 'active'),
        ne(organizationMembers.organizationId, organizationId),
      ),
    )
    .orderBy(sql`${organizationMembers.joinedAt} nulls last`, asc(organizationMembers.organizationId))
    .limit(1);
  await moveCurrentOrganization(db, removed.userId, organizationId, other?.organizationId ?? null);
  const sessionsEnded = other ? 0 : await endUserSessions(db, removed.userId);
  return { id: removed.id, email: removed.email, role: removed.role, sessionsEnded };
}

/** A pending invitation of the request's organization, locked for a change. */
async function pendingInvitation(tx: TenantTx, organizationId: string, invitationId: string) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId), eq(invitations.status, 'Pending')))
    .for('update');
  if (!row) throw notFound('Invitation');
  return row;
}

/**
 * Sends a pending invitation again: a new link (the old one stops working) valid another
 * {@link INVITATION_DAYS} days. The token is returned once; only its hash is kept.
 */
export async function resendInvitation(ctx: TenantRouteContext, invitationId: string) {
  const { tx, tenant } = ctx;
  const row = await pendingInvitation(tx, tenant.organizationId, invitationId);
  if (roleRank(row.role) > roleRank(tenant.member.role)) {
    throw new AppError('access/forbidden', `You cannot invite someone with a role above your own (${tenant.member.role}).`);
  }
  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  await tx
    .update(invitations)
    .set({ tokenHash: hashToken(token), expiresAt, createdAt: new Date() })
    .where(and(eq(invitations.organizationId, tenant.organizationId), eq(invitations.id, invitationId)));
  await ctx.audit('invitation.resent', { type: 'invitation', id: invitationId }, { email: row.email, role: row.role });
  return { id: row.id, email: row.email, role: row.role, status: 'Pending', token, expiresAt: expiresAt.toISOString() };
}

/** Revokes a pending invitation: its link stops working and it no longer counts against the plan. */
export async function revokeInvitation(ctx: TenantRouteContext, invitationId: string) {
  const { tx, tenant } = ctx;
  const row = await pendingInvitation(tx, tenant.organizationId, invitationId);
  await tx
    .update(invitations)
    .set({ status: 'Revoked' })
    .where(and(eq(invitations.organizationId, tenant.organizationId), eq(invitations.id, invitationId)));
  await ctx.audit('invitation.revoked', { type: 'invitation', id: invitationId }, { email: row.email, role: row.role });
  return { id: row.id, email: row.email, role: row.role, status: 'Revoked' };
}
