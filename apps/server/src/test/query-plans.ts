/** Reading the plans of the app's statements in scale tests: as the application role under RLS, as the app runs them. */
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { AppDb } from '../db/client.js';
import { withTenant, type TenantTx } from '../platform/tenant-tx.js';

/** The plan of the statement `build` returns, executed (EXPLAIN ANALYZE, without costs and timings) in a tenant transaction of `organizationId`. */
export async function analyzedPlan(db: AppDb, organizationId: string, build: (tx: TenantTx) => SQLWrapper): Promise<string> {
  return withTenant(db, organizationId, async (tx) => {
    const r = await tx.execute(sql`explain (analyze, costs off, timing off, summary off) ${build(tx)}`);
    return (r.rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n');
  });
}

/** The rows every scan node of an analyzed plan produced, summed: what the statement read of its tables. */
export const rowsScanned = (plan: string) =>
  [...plan.matchAll(/Scan[^\n]*\(actual rows=([\d.]+) loops=(\d+)\)/g)].reduce((n, m) => n + Number(m[1]) * Number(m[2]), 0);
