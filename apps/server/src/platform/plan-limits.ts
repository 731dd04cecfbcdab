import { PLANS, findPlan, formatLimit, limitReached, type LimitKind } from '@clinic/domain';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { invitations, organizationMembers, organizations, patientCounts } from '../db/schema/index.js';
import { literal } from '../db/literal.js';
import { checkAtCommit, checkInCommit } from '../db/tenant.js';
import { AppError, databaseErrorOf } from './errors.js';
import { prepared, type TenantTx } from './tenant-tx.js';

/**
 * The plan limits (platform-core section 9) as the server enforces them: users are the members who
 * have not been removed plus the pending, unexpired invitations; patients are the active directory
 * records (not archived). The members, patients and billing modules all count through here.
 */
export async function planUsage(tx: TenantTx, organizationId: string): Promise<Record<LimitKind, number>> {
  // One after the other: the transaction is one connection.
  return { users: await usageOf(tx, organizationId, 'users'), patients: await usageOf(tx, organizationId, 'patients') };
}

// Built once per connection ({@link prepared}): the usage the billing page shows, the lock a new user takes.
const patientsInUse = (tx: TenantTx) =>
  tx
    .select({ n: sql<number>`coalesce(sum(${patientCounts.n}), 0)::int` })
    .from(patientCounts)
    .where(eq(patientCounts.organizationId, sql.placeholder('organizationId')));
const lockedPlan = (tx: TenantTx) =>
  tx
    .select({ planId: organizations.planId })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('organizationId')))
    .for('no key update');

/**
 * How many users or patients count against the plan. The patients are the directory's kept counts
 * (`patient_counts`, summed over clinics, statuses and shards), which include this transaction's
 * own new rows.
 */
async function usageOf(tx: TenantTx, organizationId: string, kind: LimitKind): Promise<number> {
  if (kind === 'patients') {
    const [directory] = await prepared(tx, 'plan_patients_in_use', patientsInUse).execute({ organizationId });
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
 * The organization's plan, its row locked, and for patients their count read after the lock, in
 * the same round trip (`organization_plan_with_patients`, whose count takes a new snapshot once the
 * lock is granted). Null: no such organization.
 */
async function lockedPlanOf(tx: TenantTx, organizationId: string, kind: LimitKind): Promise<{ planId: string | null; patients?: number } | null> {
  if (kind === 'patients') {
    const { rows } = await tx.execute<{ plan_id: string | null; patients: number }>(
      sql`select plan_id, patients from organization_plan_with_patients(${organizationId})`,
    );
    return rows.length === 0 ? null : { planId: rows[0].plan_id, patients: rows[0].patients };
  }
  const [org] = await prepared(tx, 'plan_of_organization', lockedPlan).execute({ organizationId });
  return org ?? null;
}

/** The refusal (402 `plan/limit-reached`) of one more user or patient than the plan `planId` allows. */
function limitRefusal(planId: string | null, kind: LimitKind): AppError {
  const plan = findPlan(planId);
  const limit = plan ? formatLimit(plan.limits[kind]) : '';
  return new AppError(
    'plan/limit-reached',
    `Your ${plan?.name ?? 'current'} plan allows ${limit} ${LIMIT_NAMES[kind]}. Upgrade your plan on the Billing page to add more.`,
  );
}

/**
 * Refuses (402 `plan/limit-reached`) one more user or patient past the organization's plan. The
 * organization row is locked first (FOR NO KEY UPDATE: it serializes these checks, and does not
 * wait on the key-share locks the foreign keys of concurrent inserts take), so two requests at the
 * edge cannot both pass.
 */
export async function assertRoomFor(tx: TenantTx, organizationId: string, kind: LimitKind, counting: { exclude?: number } = {}): Promise<void> {
  const org = await lockedPlanOf(tx, organizationId, kind);
  if (!org) return;
  // An unlimited plan counts nothing.
  if ((findPlan(org.planId) ?? PLANS[0]).limits[kind] === -1) return;
  const current = (org.patients ?? (await usageOf(tx, organizationId, kind))) - (counting.exclude ?? 0);
  if (limitReached(org.planId, kind, current)) throw limitRefusal(org.planId, kind);
}

/** Each plan's patient limit by id, as `organization_patients_within_plan` reads them; an unknown plan has the first plan's. */
const PATIENT_LIMITS = literal(JSON.stringify(Object.fromEntries(PLANS.map((plan) => [plan.id, plan.limits.patients]))));
/** SQLSTATE of `organization_patients_within_plan`'s refusal; its detail is the plan id. */
const PATIENT_LIMIT_REACHED = 'CF402';

/** The refusal a database error of `organization_patients_within_plan` stands for, if it is one. */
function patientLimitRefusal(err: unknown): AppError | null {
  const e = databaseErrorOf(err);
  return e?.code === PATIENT_LIMIT_REACHED ? limitRefusal(e.detail || null, 'patients') : null;
}

/**
 * {@link assertRoomFor} for the rows this transaction adds, checked at its end: the organization
 * row is locked and the users or patients counted right before the COMMIT, with the transaction's
 * own new rows, and the transaction is refused (402) when they are more than the plan allows.
 * Concurrent creations (kiosk check-ins) then wait on each other only for the count and the
 * COMMIT, not for their whole transactions, and two at the edge still cannot both pass. Patients
 * are checked by `organization_patients_within_plan` in the COMMIT's own message
 * ({@link checkInCommit}): a kiosk check-in holds its clinic's queue number until its COMMIT, so
 * a round trip for the check was a wait for every check-in behind it. Not for a caller that goes on
 * after a refusal in the same transaction (an import counting row by row).
 */
export function assertRoomAtCommit(tx: TenantTx, organizationId: string, kind: LimitKind): Promise<void> {
  const key = `plan-room:${organizationId}:${kind}`;
  if (kind === 'patients') {
    const check = `select organization_patients_within_plan(${literal(organizationId)}, ${PATIENT_LIMITS}::jsonb, ${PLANS[0].limits.patients})`;
    return checkInCommit(tx, key, check, patientLimitRefusal);
  }
  // With its own new rows counted, usage - 1 >= limit is usage > limit.
  return checkAtCommit(tx, key, () => assertRoomFor(tx, organizationId, kind, { exclude: 1 }));
}
