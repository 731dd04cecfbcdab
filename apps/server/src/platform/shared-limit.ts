import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.js';
import { AppError } from './errors.js';
import { countRateLimitRefusal } from './ops-counters.js';

/**
 * A limit counted in `rate_limit_hits`, so that every server instance enforces the same one.
 * Not the per-address {@link RateLimiter} of `rate-limit.ts` (rate-limiter-flexible's fixed window
 * per key in `rate_limits`): this counts the last window's hits per key and overall in one locked
 * step, counts no refused hit, and shares its rows with the sign-in locks (`sign-in-locks.ts`
 * reads them).
 */
export interface SharedLimit {
  /** Names the limit; stored as `rate_limit_hits.scope`. */
  scope: string;
  /** Hits one key (usually an address) may make in the window. */
  perKey: number;
  /** Hits all keys together may make in the window. */
  overall: number;
  windowMs: number;
}

/**
 * Counts one hit of `key` if the limit allows it; returns false, counting nothing, when it does not.
 * The check and the insert run under a transaction-level advisory lock of the scope, so
 * simultaneous requests on any instance are counted one after the other: of 25 parallel hits with
 * a limit of 20, exactly 20 pass. Hits older than the window are pruned on the way.
 */
export async function tryHit(db: AppDb, limit: SharedLimit, key: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate_limit_hits:${limit.scope}`}))`);
    const since = sql`now() - ${limit.windowMs} * interval '1 millisecond'`;
    await tx.execute(sql`delete from rate_limit_hits where scope = ${limit.scope} and at <= ${since}`);
    const result = await tx.execute(
      sql`select count(*)::int as overall, (count(*) filter (where key = ${key}))::int as per_key
          from rate_limit_hits where scope = ${limit.scope}`,
    );
    const counts = result.rows[0] as { overall: number; per_key: number };
    if (counts.per_key >= limit.perKey || counts.overall >= limit.overall) return false;
    await tx.execute(sql`insert into rate_limit_hits (scope, key) values (${limit.scope}, ${key})`);
    return true;
  });
}

/** Counts one hit of `key`, or throws 429 `request/rate-limited` with `message` when over the limit. */
export async function takeHit(db: AppDb, limit: SharedLimit, key: string, message: string): Promise<void> {
  if (await tryHit(db, limit, key)) return;
  countRateLimitRefusal(limit.scope);
  throw new AppError('request/rate-limited', message);
}
