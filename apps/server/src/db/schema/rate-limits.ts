import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * The per-address (and per-API-key) request limits' counters, one row per limit and key, in the
 * layout rate-limiter-flexible's PostgreSQL store reads and writes (`platform/rate-limit.ts`), so
 * every server instance counts into the same window. Not tenant data, hence no RLS: keys are a
 * limit's name and a client address or API key id, never an organization's records, and the
 * login role reaches them before any tenant is known. Expired rows are deleted by the store itself.
 */
export const rateLimits = pgTable('rate_limits', {
  /** The limit's scope and what it counts by, e.g. `rlflx:kiosk:203.0.113.7`. */
  key: varchar('key', { length: 255 }).primaryKey(),
  /** Hits counted in the current window. */
  points: integer('points').notNull().default(0),
  /** When the current window ends, in epoch milliseconds. */
  expire: bigint('expire', { mode: 'number' }),
});
