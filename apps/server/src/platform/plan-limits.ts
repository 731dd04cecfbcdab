import { PLANS, findPlan, formatLimit, limitReached, type LimitKind } from '@clinic/domain';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { invitations, organizationMembers, organizations, patients } from '../db/schema/index.js';
import { AppError } from './errors.js';
import type { TenantTx } from './tenant-tx.js';

/**
 * The plan limits (platform-core section 9) as the server enforces them: users are the members who
 * have not been removed plus the pending, unexpired invitations; patients are the active directory
 * records (not archived). The members, patients and billing modules all count through here.
 */
export async function planUsage(tx: TenantTx, organizationId: string): Promise<Record<LimitKind, number>> {
  // One after the other: the transaction is one connection.
  return { users: await usageOf(tx, organizationId, 'users'), patients: await usageOf(tx, organizationId, 'patients') };
}

/**
 * How many users or patients count against the plan. With `cap`, the patients are counted only up
 * to it (enough to compare with a limit, without reading a large directory whole).
 */
async function usageOf(tx: TenantTx, organizationId: string, kind: LimitKind, cap?: number): Promise<number> {
  if (kind === 'patients') {
    const active = tx
      .select({ one: sql`1` })
      .from(patients)
      .where(and(eq(patients.organizationId, organizationId), isNull(patients.archivedAt)));
    const [directory] = await tx.select({ n: count() }).from((cap === undefined ? active : active.limit(cap)).as('p'));
    return directory.n;
  }
  const [members] = await tx
    .select({ n: count() })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.status, 'active')));
  const [pending] = await tx
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.status, 'Pending'), gt(invitations.expiresAt, new Date())));
  return members.n + pending.n;
}

const LIMIT_NAMES: Record<LimitKind, string> = { users: 'users (members and pending invitations)', patients: 'active patients' };

/**
 * Refuses (402 `plan/limit-reached`) one more user or patient past the organization's plan. The
 * organization row is locked first (FOR NO KEY UPDATE: it serializes these checks, and does not
 * wait on the key-share locks the foreign keys of concurrent inserts take), so two requests at the
 * edge cannot both pass.
 */
export async function assertRoomFor(tx: TenantTx, organizationId: string, kind: LimitKind, counting: { exclude?: number } = {}): Promise<void> {
  const [org] = await tx
    .select({ planId: organizations.planId })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('no key update');
  if (!org) return;
  const plan = findPlan(org.planId);
  const exclude = counting.exclude ?? 0;
  // An unlimited plan counts nothing; a limited one counts up to what the comparison needs.
  const max = (plan ?? PLANS[0]).limits[kind];
  if (max === -1) return;
  const current = (await usageOf(tx, organizationId, kind, max + exclude)) - exclude;
  if (!limitReached(org.planId, kind, current)) return;
  const limit = plan ? formatLimit(plan.limits[kind]) : '';
  throw new AppError(
    'plan/limit-reached',
    `Your ${plan?.name ?? 'current'} plan allows ${limit} ${LIMIT_NAMES[kind]}. Upgrade your plan on the Billing page to add more.`,
  );
}
