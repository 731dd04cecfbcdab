import type { Tx } from '../db/client.js';
import { finalRead as finalReadOnConnection, prepared as preparedOnConnection, type DeferredWrite, type TenantTx } from '../db/tenant.js';

/**
 * `TenantTx`: a transaction opened for one organization (row level security on, the role the
 * non-owner `clinic_app`, `app.organization_id` set). Only the tenant transaction driver
 * (`db/tenant.ts`) gives a transaction the brand: {@link withTenant} for a known organization,
 * `withRequestTenant` (`access.ts`) for a request's session and tenant. Services take it instead
 * of `Tx`, so they cannot be called with the raw database or a transaction nobody scoped; modules
 * never open one, since they never hold the database.
 */
export type { TenantTx } from '../db/tenant.js';
export { deferInsert, withTenant } from '../db/tenant.js';

/** The brand of a transaction handle the driver made for one organization. */
const branded = (tx: Tx) => tx as TenantTx;

/**
 * A hot query of a service, built once per pooled connection and prepared there under `name`
 * (`db/tenant.ts`, `prepared`): `build` writes it with `sql.placeholder`s for every value, and
 * the caller executes it with the values. Only for statements whose text never changes.
 */
export function prepared<P>(tx: TenantTx, name: string, build: (tx: TenantTx) => { prepare(name: string): P }): P {
  return preparedOnConnection(tx, name, (t) => build(branded(t)));
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
  return finalReadOnConnection(tx, name, (t) => build(branded(t)), values, write);
}
