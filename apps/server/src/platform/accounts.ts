import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import type { AccountDb } from './account-db.js';
import type { TenantTx } from './tenant-tx.js';

/**
 * Accounts as every module sees them: the people behind memberships, their names, and the
 * organization a session opens in. The auth module keeps the secrets (passwords, second factors,
 * sign-in records); these read and write only the `users` columns every module shares.
 */

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

/**
 * Display names of accounts by user id ("First Last", else the e-mail), whether or not they are
 * still members: who recorded or closed a record kept after they left.
 */
export async function accountNames(tx: TenantTx, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email]));
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
