import { and, eq, sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { AccountDb, TenantTx } from '../../platform/route/index.js';

/**
 * Accounts as the member list and a member's settings show them (`id`, `email`, names, `lastLoginAt`, `mfaEnabledAt`),
 * as a select the caller joins in its own statement (`.as(alias)`).
 */
export function accountProfilesQuery(tx: TenantTx) {
  return tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      lastLoginAt: users.lastLoginAt,
      mfaEnabledAt: users.mfaEnabledAt,
    })
    .from(users);
}

/** Writes a member's names to their account (the settings save them after their own transaction committed). */
export async function saveAccountNames(db: AccountDb, userId: string, names: { firstName: string; lastName: string }): Promise<void> {
  await db
    .update(users)
    .set({ firstName: names.firstName || null, lastName: names.lastName || null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Makes the organization (and clinic, else none yet) the account's current one: an accepted invitation, a new organization. */
export async function setCurrentOrganization(db: AccountDb, userId: string, organizationId: string, clinicId: string | null = null): Promise<void> {
  await db.update(users).set({ currentOrganizationId: organizationId, currentClinicId: clinicId }).where(eq(users.id, userId));
}

/** When `from` is the account's current organization, makes `to` (or none) current instead: a member removed from `from`. */
export async function moveCurrentOrganization(db: AccountDb, userId: string, from: string, to: string | null): Promise<void> {
  await db
    .update(users)
    .set({ currentOrganizationId: to, currentClinicId: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.currentOrganizationId, from)));
}

/**
 * Moves every account whose current organization is `from` to the organization `next` names for
 * it (a scalar subquery on the account's id column; none when it gives none), in one statement.
 */
export async function moveAccountsOff(db: AccountDb, from: string, next: (userId: SQL) => SQL): Promise<void> {
  await db.execute(sql`
    update users u set
      current_organization_id = ${next(sql`u.id`)},
      current_clinic_id = null,
      updated_at = now()
    where u.current_organization_id = ${from}`);
}
