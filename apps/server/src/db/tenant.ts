import { sql } from 'drizzle-orm';
import type { AppDb, Tx } from './client.js';

/**
 * Runs `fn` in one transaction as the non-owner role `clinic_app`, with the organization set for
 * row level security. Services inside still filter by organization: two locks on one door.
 */
export function withTenant<T>(db: AppDb, organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.organization_id', ${organizationId}, true), set_config('role', 'clinic_app', true)`);
    return fn(tx);
  });
}
