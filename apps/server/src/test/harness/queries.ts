import type { LightMyRequestResponse } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** The JSON body of a response. */
export const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;

/** Rows of a raw query through the owner connection (which row level security does not limit). */
export async function rows<T = Record<string, any>>(db: Database['db'], query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

/** How many rows of `table` match `where` (every row when not given), through the owner connection. */
export async function countRows(db: Database['db'], table: string, where: SQL = sql`true`): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
  return row.n;
}

/** The id of `email`'s membership of `organizationId`, read through the owner connection. */
export async function memberIdOf(db: Database['db'], organizationId: string, email: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`select m.id from organization_members m join users u on u.id = m.user_id
        where m.organization_id = ${organizationId} and u.email = ${email}`,
  );
  if (!row) throw new Error(`${email} is not a member of ${organizationId}`);
  return row.id;
}

/**
 * Fills the last hour's hits of the rate limit `scope` up to `limit`, with hits from other
 * addresses, as a distributed flood would leave them: the next counted request is over the limit.
 */
export async function floodRateLimit(db: Database['db'], scope: string, limit: number): Promise<void> {
  const [{ n }] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from rate_limit_hits where scope = ${scope} and at > now() - interval '1 hour'`,
  );
  await db.execute(
    sql`insert into rate_limit_hits (scope, key, at)
        select cast(${scope} as text), '192.0.2.' || (g % 250), now() from generate_series(1, ${limit - n}) g`,
  );
}

/** Audit events of one action, oldest first, read through the owner connection. */
export function auditEventsOf(db: Database['db'], action: string) {
  return rows<{
    organization_id: string | null;
    actor_user_id: string | null;
    action: string;
    entity_type: string | null;
    entity_id: string | null;
    ip: string | null;
    details: Record<string, any> | null;
  }>(db, sql`select * from audit_events where action = ${action} order by at, id`);
}
