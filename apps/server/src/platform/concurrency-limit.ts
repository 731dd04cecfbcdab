import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { AppError } from './errors.js';
import { countRateLimitRefusal } from './ops-counters.js';
import { poolOf } from './rate-limit.js';
import { databaseOf } from './route/define-route.js';

/** How long a slot's row outlives its instance's last renewal: what a crashed instance leaves taken, at most. */
export const SLOT_TTL_MS = 90_000;
/** How often an instance renews the rows of the slots it holds (a third of their life: two renewals may fail). */
const RENEW_MS = 30_000;
/** The database's clock in epoch milliseconds, so that instances whose clocks differ agree on what expired. */
const NOW_MS = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * How many of something one key holds open at once (event streams), over all server instances: a
 * slot is taken before the thing opens and given back when it closes. On PostgreSQL each open slot
 * is a row of `rate_limits` (`{scope}:{key}:{uuid}`, beside rate-limiter-flexible's counters),
 * counted and added under an advisory lock of the key, so that simultaneous takes on any instance
 * are counted one after the other. An instance renews the rows of its slots every half minute and
 * deletes each when it is given back; a crashed instance's rows expire within {@link SLOT_TTL_MS}.
 * A database that fails to answer leaves the limit to this instance's memory meanwhile; on the
 * embedded database (one instance) the slots stay in memory.
 */
export class ConcurrencyLimit {
  /** One store per database handle, as for `RateLimiter`; null for memory. */
  private readonly stores = new WeakMap<AppDb, SharedSlots | null>();
  private readonly local = new LocalSlots();

  constructor(
    private readonly limit: number,
    private readonly message: string,
    /** Names the limit in its rows' keys. */
    private readonly scope: string,
  ) {}

  /** Takes a slot of `key` in the app's store ({@link takeIn}). */
  take(request: FastifyRequest, key: string): Promise<() => void> {
    return this.takeIn(databaseOf(request.server), key);
  }

  /** Takes a slot of `key`, or throws 429 when all are taken; returns the release (safe to call twice). */
  async takeIn(db: AppDb, key: string): Promise<() => void> {
    const shared = this.storeOf(db);
    if (shared) {
      let row: string | null | undefined;
      try {
        row = await shared.take(`${this.scope}:${key}:`, this.limit);
      } catch {
        row = undefined; // The database did not answer: this instance's count decides.
      }
      if (row === null) this.refuse();
      if (row) return once(() => shared.release(row));
    }
    if (!this.local.take(key, this.limit)) this.refuse();
    return once(() => this.local.release(key));
  }

  private refuse(): never {
    countRateLimitRefusal('concurrent-streams');
    throw new AppError('request/rate-limited', this.message);
  }

  private storeOf(db: AppDb): SharedSlots | null {
    let store = this.stores.get(db);
    if (store === undefined) {
      store = poolOf(db) ? new SharedSlots(db) : null;
      this.stores.set(db, store);
    }
    return store;
  }
}

function once(release: () => void): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release();
  };
}

/** This instance's open slots as rows of `rate_limits`, renewed while they are held. */
class SharedSlots {
  private readonly held = new Set<string>();
  private renewal: NodeJS.Timeout | undefined;

  constructor(private readonly db: AppDb) {}

  /** Adds a row under `prefix` if fewer than `limit` unexpired ones are there; returns its key, or null. */
  async take(prefix: string, limit: number): Promise<string | null> {
    const row = `${prefix}${randomUUID()}`;
    const taken = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`open-slots:${prefix}`}))`);
      // The length keeps one key's rows apart from a longer key's that starts the same way.
      const result = await tx.execute(
        sql`select count(*)::int as open from ${rateLimits}
            where starts_with(${rateLimits.key}, ${prefix}) and char_length(${rateLimits.key}) = ${row.length}
              and ${rateLimits.expire} > ${NOW_MS}`,
      );
      if ((result.rows[0] as { open: number }).open >= limit) return false;
      await tx.insert(rateLimits).values({ key: row, points: 1, expire: sql`${NOW_MS} + ${SLOT_TTL_MS}` });
      return true;
    });
    if (!taken) return null;
    this.held.add(row);
    this.renewal ??= setInterval(() => this.renew(), RENEW_MS).unref();
    return row;
  }

  /** Deletes the slot's row; one the database missed expires with the renewals it no longer gets. */
  release(row: string): void {
    this.held.delete(row);
    if (this.held.size === 0 && this.renewal) {
      clearInterval(this.renewal);
      this.renewal = undefined;
    }
    void this.db
      .delete(rateLimits)
      .where(eq(rateLimits.key, row))
      .catch(() => {});
  }

  private renew(): void {
    if (this.held.size === 0) return;
    void this.db
      .update(rateLimits)
      .set({ expire: sql`${NOW_MS} + ${SLOT_TTL_MS}` })
      .where(inArray(rateLimits.key, [...this.held]))
      .catch(() => {});
  }
}

/** Open slots per key in this instance's memory. */
class LocalSlots {
  private readonly open = new Map<string, number>();

  take(key: string, limit: number): boolean {
    const held = this.open.get(key) ?? 0;
    if (held >= limit) return false;
    this.open.set(key, held + 1);
    return true;
  }

  release(key: string): void {
    const left = (this.open.get(key) ?? 1) - 1;
    if (left > 0) this.open.set(key, left);
    else this.open.delete(key);
  }
}
