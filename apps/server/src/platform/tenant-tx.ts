import type { FastifyRequest } from 'fastify';
import type { AppDb, Tx } from '../db/client.js';
import { finalRead as finalReadOnConnection, prepared as preparedOnConnection, withTenant, type DeferredWrite } from '../db/tenant.js';
import { withTenantRequest, type TenantAccess, type TenantContext } from './access.js';

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

/**
 * A hot query of a service, built once per pooled connection and prepared there under `name`
 * (`db/tenant.ts`, `prepared`): `build` writes it with `sql.placeholder`s for every value, and
 * the caller executes it with the values. Only for statements whose text never changes.
 */
export function prepared<P>(tx: TenantTx, name: string, build: (tx: TenantTx) => { prepare(name: string): P }): P {
  return preparedOnConnection(tx, name, (t) => build(t as TenantTx));
}

/**
 * A service's last read, prepared per connection as {@link prepared} is, sent with the audit rows
 * recorded before it and the COMMIT in one round trip (`db/tenant.ts`, `finalRead`); with
 * `'if-found'` those rows are written only when the read returns a row. Nothing may run in `tx`
 * after it.
 */
export function finalRead<R>(
  tx: TenantTx,
  name: string,
  build: (tx: TenantTx) => { prepare(name: string): { execute(values: Record<string, unknown>): Promise<R[]> } },
  values: Record<string, unknown>,
  write: DeferredWrite,
): Promise<R[]> {
  return finalReadOnConnection(tx, name, (t) => build(t as TenantTx), values, write);
}

/**
 * Runs `fn` in the tenant transaction of a staff request, once its session, membership and access
 * are checked ({@link withTenantRequest}). `tenantRoute` calls it.
 */
export function withRequestTenantTx<T>(
  db: AppDb,
  request: FastifyRequest,
  access: TenantAccess,
  fn: (tenant: TenantContext, tx: TenantTx) => Promise<T>,
): Promise<T> {
  return withTenantRequest(db, request, access, (tenant, tx) => fn(tenant, tx as TenantTx));
}
