/** Reading the plans of the app's statements in scale tests: as the application role under RLS, as the app runs them. */
import { sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppDb } from '../db/client.js';
import { literal, type LiteralValue } from '../db/literal.js';
import { withTenant, type TenantTx } from '../platform/tenant-tx.js';

/** EXPLAIN's options for an executed plan without costs and timings. */
const ANALYZED = 'analyze, costs off, timing off, summary off';

/** The text of a plan from EXPLAIN's rows, a line each. */
const planText = (result: { rows: unknown[] }) => (result.rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n');

/** The plan of the statement `build` returns, executed (EXPLAIN ANALYZE, without costs and timings) in a tenant transaction of `organizationId`. */
export async function analyzedPlan(db: AppDb, organizationId: string, build: (tx: TenantTx) => SQLWrapper): Promise<string> {
  return withTenant(db, organizationId, async (tx) => planText(await tx.execute(sql`explain (${sql.raw(ANALYZED)}) ${build(tx)}`)));
}

/** The rows every scan node of an analyzed plan produced, summed: what the statement read of its tables. */
export const rowsScanned = (plan: string) =>
  [...plan.matchAll(/Scan[^\n]*\(actual rows=([\d.]+) loops=(\d+)\)/g)].reduce((n, m) => n + Number(m[1]) * Number(m[2]), 0);

/**
 * The plan of `build`'s statement as the app's prepared statements run once PostgreSQL has settled
 * on a generic plan (SQL `PREPARE`, `plan_cache_mode = force_generic_plan`): the bound values are
 * unknown when it is planned, so an expression of them that is not an index condition shows as
 * what it is, evaluated where it stands. Executed and analyzed, as {@link analyzedPlan}, unless
 * `options` (EXPLAIN's) say otherwise.
 */
export async function genericPlan(db: AppDb, organizationId: string, build: (tx: TenantTx) => SQLWrapper, options = ANALYZED): Promise<string> {
  return withTenant(db, organizationId, async (tx) => {
    const { sql: text, params } = new PgDialect().sqlToQuery(build(tx).getSQL());
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare generic_plan_read as ${text}`));
    const r = await tx.execute(
      sql.raw(`explain (${options}) execute generic_plan_read(${params.map((v) => literal(v as LiteralValue)).join(', ')})`),
    );
    await tx.execute(sql`deallocate generic_plan_read`);
    return planText(r);
  });
}
