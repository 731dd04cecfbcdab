import type { FastifyRequest } from 'fastify';
import { getTableName } from 'drizzle-orm';
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppDb } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { AppError } from './errors.js';
import { countRateLimitRefusal } from './ops-counters.js';
import { databaseOf } from './route/define-route.js';

/**
 * A fixed-window limit per key (an address, an API key), counted by rate-limiter-flexible. On
 * PostgreSQL the counts live in `rate_limits` (migration `rate-limits`), so every server instance
 * enforces the same limit; a key refused once is then refused from this instance's memory until
 * its window ends, without a query, and a database that fails to answer leaves the limit to this
 * instance's memory meanwhile (`insuranceLimiter`) rather than failing the request. On the
 * embedded database the counts stay in memory: its process is the one instance, and a query
 * there would wait for any transaction open on its one connection. The store deletes expired
 * rows itself (every five minutes, those expired an hour before).
 */
export class RateLimiter {
  /** One store per database handle: apps of one process on different databases count apart. */
  private readonly stores = new WeakMap<AppDb, RateLimiterAbstract>();
  private readonly local = new LocalWindows();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /**
   * Counts one hit for `key` in `db`'s store; rejects with 429 `request/rate-limited` when the
   * window's limit is passed, counted in the metrics under `name` (a fixed name, never the key).
   */
  async hit(db: AppDb, key: string, name = 'per-address'): Promise<void> {
    try {
      await this.storeOf(db).consume(key);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      countRateLimitRefusal(name);
      throw new AppError('request/rate-limited', 'Too many requests. Please wait a moment and try again.');
    }
  }

  /** Counts a hit for the request's address. */
  hitRequest(db: AppDb, request: FastifyRequest, scope = ''): Promise<void> {
    return this.hit(db, `${scope}:${request.ip}`, scope || undefined);
  }

  /**
   * False while `key` has used up the window's limit; counts nothing. With {@link count}, for
   * limits of failures: checked before the attempt, counted only when it fails.
   */
  async allowsMore(db: AppDb, key: string): Promise<boolean> {
    const window = await this.storeOf(db).get(key);
    return window === null || window.msBeforeNext <= 0 || window.consumedPoints < this.limit;
  }

  /** Counts one for `key`, never refused (refusing is {@link allowsMore}'s part). */
  async count(db: AppDb, key: string): Promise<void> {
    await this.storeOf(db).penalty(key);
  }

  /** {@link allowsMore} for the request's address in `scope`, in the app's store. */
  allowsMoreFrom(request: FastifyRequest, scope: string): Promise<boolean> {
    return this.allowsMore(databaseOf(request.server), `${scope}:${request.ip}`);
  }

  /** {@link count} for the request's address in `scope`, in the app's store. */
  countFrom(request: FastifyRequest, scope: string): Promise<void> {
    return this.count(databaseOf(request.server), `${scope}:${request.ip}`);
  }

  /**
   * Counts one hit for `key` in this instance's memory alone; false when the window's limit is
   * passed. For callers that must answer at once and need no agreement between instances (one
   * audit row a minute per locked account is a per-instance courtesy, not a defence).
   */
  allows(key: string, now = Date.now()): boolean {
    return this.local.allows(key, this.limit, this.windowMs, now);
  }

  private storeOf(db: AppDb): RateLimiterAbstract {
    let store = this.stores.get(db);
    if (!store) {
      store = storeFor(db, this.limit, Math.ceil(this.windowMs / 1000));
      this.stores.set(db, store);
    }
    return store;
  }
}

/**
 * The node-postgres pool under `db`, or null for the embedded database (one process, one
 * connection): the limits share their counts through the pool's database, or keep them in memory.
 */
export function poolOf(db: AppDb): pg.Pool | null {
  const client: unknown = (db as AppDb & { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** The PostgreSQL store in front of the node-postgres pool, or memory for the embedded database. */
function storeFor(db: AppDb, points: number, duration: number): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration });
  const client = poolOf(db);
  if (!client) return memory;
  return new RateLimiterPostgres({
    storeClient: client,
    storeType: 'pool',
    tableName: getTableName(rateLimits),
    // The migration made it; the login role may not create tables.
    tableCreated: true,
    points,
    duration,
    inMemoryBlockOnConsumed: points + 1,
    insuranceLimiter: memory,
  });
}

/** Fixed windows per key in this instance's memory ({@link RateLimiter.allows}). */
class LocalWindows {
  private readonly windows = new Map<string, { start: number; count: number }>();

  allows(key: string, limit: number, windowMs: number, now: number): boolean {
    const w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      if (this.windows.size > 10_000) this.sweep(now, windowMs);
      return true;
    }
    w.count += 1;
    return w.count <= limit;
  }

  private sweep(now: number, windowMs: number) {
    for (const [key, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(key);
  }
}
