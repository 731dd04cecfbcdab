import { DEFAULT_PERMISSIONS, completePermissions, type Role } from '@clinic/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { clinics, invitations, organizationMembers, users, type SessionUser } from '../db/schema/index.js';
import { withTenant } from '../db/tenant.js';
import type { AccountDb } from './account-db.js';
import { recordAudit } from './audit.js';
import { newId } from './crypto.js';
import { AppError } from './errors.js';

/** A pending, unexpired invitation of `email` to `organizationId`, if any. */
export async function pendingInvitation(db: AccountDb, organizationId: string, email: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.email, email),
        eq(invitations.status, 'Pending'),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks the user's address verified by a proof other than the mailed link: an invitation token sent to it. */
export async function markEmailVerified(db: AccountDb, user: SessionUser): Promise<void> {
  if (user.emailVerifiedAt) return;
  await db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)));
}

/**
 * Turns a pending invitation into a membership with the flags fixed when it was sent (never more
 * than the inviter held); invitations older than that column get the role's defaults. Runs under
 * the invited organization's RLS.
 */
export async function acceptInvitation(
  db: AccountDb,
  user: SessionUser,
  invitation: {
    id: string;
    organizationId: string;
    role: string;
    permissions: unknown;
    invitedBy: string | null;
    createdAt: Date;
    email: string;
  },
  ip: string,
): Promise<void> {
  if (invitation.email !== user.email) throw new AppError('access/forbidden', 'This invitation was sent to another e-mail address.');
  await withTenant(db, invitation.organizationId, async (tx) => {
    const [existing] = await tx
      .select({ id: organizationMembers.id })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, invitation.organizationId), eq(organizationMembers.userId, user.id)));
    const now = new Date();
    const role = invitation.role as Role;
    if (!existing) {
      const memberId = newId();
      // Two acceptances at the same moment (a double click, accept and switch) both get here;
      // the second one's insert yields to the first instead of failing.
      const inserted = await tx
        .insert(organizationMembers)
        .values({
          organizationId: invitation.organizationId,
          id: memberId,
          userId: user.id,
          role,
          permissions: invitation.permissions
            ? completePermissions(invitation.permissions as Record<string, unknown>)
            : (DEFAULT_PERMISSIONS[role] ?? {}),
          status: 'active',
          invitedBy: invitation.invitedBy,
          invitedAt: invitation.createdAt,
          joinedAt: now,
        })
        .onConflictDoNothing({ target: [organizationMembers.organizationId, organizationMembers.userId] })
        .returning({ id: organizationMembers.id });
      if (inserted.length) {
        await recordAudit(tx, {
          organizationId: invitation.organizationId,
          actorUserId: user.id,
          action: 'member.joined',
          entityType: 'member',
          entityId: memberId,
          ip,
          details: { role, invitationId: invitation.id },
        });
      }
    }
    await tx
      .update(invitations)
      .set({ status: 'Accepted', acceptedAt: now })
      .where(and(eq(invitations.organizationId, invitation.organizationId), eq(invitations.id, invitation.id)));
  });
}

/**
 * Makes `organizationId` (and `clinicId`, else its first clinic) the user's current choice. Only
 * the user's own memberships qualify. A pending invitation to that organization is accepted here
 * only for a verified address: an e-mail typed at sign-up proves nothing, and whoever signed up
 * first with an invited address would otherwise take the invitation. Unverified accounts join
 * through the invitation's token, which was sent to the address.
 */
export async function selectCurrentOrganization(
  db: AccountDb,
  user: SessionUser,
  wanted: { organizationId: string; clinicId?: string },
  ip: string,
): Promise<{ organizationId: string; clinicId: string | null }> {
  const [member] = await db
    .select({ status: organizationMembers.status })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, wanted.organizationId), eq(organizationMembers.userId, user.id)));
  if (!member) {
    const invitation = user.emailVerifiedAt ? await pendingInvitation(db, wanted.organizationId, user.email) : null;
    if (!invitation) throw new AppError('access/not-a-member', 'You are not a member of this organization.');
    await acceptInvitation(db, user, invitation, ip);
  } else if (member.status !== 'active') {
    throw new AppError('access/forbidden', 'Your membership of this organization is not active.');
  }
  const clinicRows = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.organizationId, wanted.organizationId));
  let clinicId: string | null = clinicRows[0]?.id ?? null;
  if (wanted.clinicId) {
    if (!clinicRows.some((c) => c.id === wanted.clinicId)) {
      throw new AppError('access/not-a-member', 'That clinic is not part of this organization.');
    }
    clinicId = wanted.clinicId;
  }
  await db
    .update(users)
    .set({ currentOrganizationId: wanted.organizationId, currentClinicId: clinicId, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  return { organizationId: wanted.organizationId, clinicId };
}
