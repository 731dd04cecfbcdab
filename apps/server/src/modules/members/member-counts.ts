import { and, count, eq, gt } from 'drizzle-orm';
import { invitations, organizationMembers } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/** The organization's memberships counted by role and status, and its open invitations (pending, not expired). */
export async function memberCounts(tx: TenantTx, organizationId: string, now = new Date()) {
  const groups = await tx
    .select({ role: organizationMembers.role, status: organizationMembers.status, n: count() })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId))
    .groupBy(organizationMembers.role, organizationMembers.status);
  const [open] = await tx
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.status, 'Pending'), gt(invitations.expiresAt, now)));
  return { groups, openInvitations: open?.n ?? 0 };
}
