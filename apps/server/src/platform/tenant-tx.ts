import type { AppDb, Tx } from '../db/client.js';
import { withTenant } from '../db/tenant.js';

/** Never exported: only this file can give a transaction the brand. */
declare const tenantTxBrand: unique symbol;

/**
 * A transaction opened by the platform for one organization: row level security is on, the role is
 * the non-owner `clinic_app` and `app.organization_id` is set. Services take this instead of `Tx`,
 * so they cannot be called with the raw database or a transaction nobody scoped.
 */
export type TenantTx = Tx & { readonly [tenantTxBrand]: true };

/**
 * Runs `fn` in a tenant transaction of `organizationId` ({@link withTenant}). Route helpers
 * (`route.ts`) and tests call it; modules never do, since they never hold the database.
 */
export function withTenantTx<T>(db: AppDb, organizationId: string, fn: (tx: TenantTx) => Promise<T>): Promise<T> {
  return withTenant(db, organizationId, (tx) => fn(tx as TenantTx));
}
