import type { AppDb } from '../db/client.js';

/** Never exported: only this file can give the database the brand. */
declare const accountDbBrand: unique symbol;

/**
 * The database as the app's login role, outside any tenant: what account work (sign-up, sign-in,
 * sessions, e-mail verification, invitations by token, creating an organization) reads and writes.
 * The role's grants bound it: the account tables (users, sessions, sign-in attempts, e-mail
 * verifications, rate-limit hits), reads of organizations, clinics, memberships and invitations,
 * and audit rows with no organization or one the actor belongs to (migration 0009). Routes without
 * a tenant transaction (`caller: 'account'`, a public one with `tenant: 'none'`, `tenant:
 * 'on-demand'`: `route/define-route.ts`) hand it to their handlers; modules never hold the
 * database itself.
 */
export type AccountDb = AppDb & { readonly [accountDbBrand]: true };

/** Brands the app's database for the routes without a tenant transaction (`route/`); modules never call it. */
export function accountDbOf(db: AppDb): AccountDb {
  return db as AccountDb;
}
