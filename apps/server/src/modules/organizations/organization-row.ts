import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { clinics, organizations, type ClinicRow, type OrganizationRow } from '../../db/schema/index.js';
import type { AccountDb } from '../../platform/account-db.js';
import type { TenantTx } from '../../platform/route/index.js';

/**
 * A change of the organization row by the feature that keeps those columns: billing's
 * subscription, Stripe ids and card, organization-settings' profile and settings.
 */
export type OrganizationChange = Partial<Omit<typeof organizations.$inferInsert, 'id' | 'createdAt' | 'createdBy'>>;

/** The organization's row, locked for the transaction when `forUpdate`; undefined when there is none. */
export async function organizationRow(tx: TenantTx, organizationId: string, { forUpdate = false } = {}): Promise<OrganizationRow | undefined> {
  const query = tx.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

/**
 * Organization rows (whole), as a select the caller joins in its own statement (`.as(alias)`): the
 * session's organization, the policies of an account's organizations, an invitation's organization.
 */
export function organizationsQuery(db: AccountDb) {
  return db.select().from(organizations);
}

/** The organization's clinics, oldest first (the session's clinic choice). */
export function organizationClinics(db: AccountDb, organizationId: string): Promise<ClinicRow[]> {
  return db.select().from(clinics).where(eq(clinics.organizationId, organizationId)).orderBy(asc(clinics.createdAt));
}

/** Writes `change` to the organization's row (nothing else) and returns the row as saved. */
export async function updateOrganizationRow(
  tx: TenantTx,
  organizationId: string,
  change: OrganizationChange,
): Promise<OrganizationRow | undefined> {
  const [saved] = await tx.update(organizations).set(change).where(eq(organizations.id, organizationId)).returning();
  return saved;
}

/** The organization whose payment provider customer is `customerId`, or null: the billing webhook's fallback. */
export async function organizationOfStripeCustomer(db: AccountDb, customerId: string): Promise<string | null> {
  const [found] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.stripeCustomerId, customerId)).limit(1);
  return found?.id ?? null;
}

/** `settings #> path` as SQL text: `{integrations,epic}`. */
const pathOf = (path: readonly string[]) => `{${path.join(',')}}`;

/** The value the organization's settings hold at `path` (`['integrations', 'epic']`), or null; locked for the transaction when `forUpdate`. */
export async function organizationSettingAt(
  tx: TenantTx,
  organizationId: string,
  path: readonly string[],
  { forUpdate = false } = {},
): Promise<unknown> {
  const query = tx
    .select({ value: sql<unknown>`${organizations.settings} #> ${pathOf(path)}::text[]` })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row?.value ?? null;
}

/**
 * Sets the organization's settings at `path` to `value` (as JSON), creating the objects on the way
 * and leaving every other setting as it was; `updatedAt` is written too when given.
 */
export async function saveOrganizationSettingAt(
  tx: TenantTx,
  organizationId: string,
  path: readonly string[],
  value: unknown,
  { updatedAt }: { updatedAt?: Date } = {},
): Promise<void> {
  let settings: SQL = sql`coalesce(${organizations.settings}, '{}'::jsonb)`;
  for (let i = 1; i < path.length; i++) {
    const prefix = pathOf(path.slice(0, i));
    settings = sql`jsonb_set(${settings}, ${prefix}::text[], coalesce(${organizations.settings} #> ${prefix}::text[], '{}'::jsonb))`;
  }
  await tx
    .update(organizations)
    .set({ settings: sql`jsonb_set(${settings}, ${pathOf(path)}::text[], ${JSON.stringify(value)}::jsonb)`, ...(updatedAt ? { updatedAt } : {}) })
    .where(eq(organizations.id, organizationId));
}

/** The name of a clinic of the organization, or null (the emergency room's header). */
export async function clinicName(tx: TenantTx, organizationId: string, clinicId: string): Promise<string | null> {
  const [clinic] = await tx
    .select({ name: clinics.name })
    .from(clinics)
    .where(and(eq(clinics.organizationId, organizationId), eq(clinics.id, clinicId)));
  return clinic?.name ?? null;
}
