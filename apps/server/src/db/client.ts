import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { ListenState, PoolUsage } from '@clinic/domain';
import * as schema from './schema/index.js';

/** The Drizzle handle used everywhere; PGlite's is structurally the same. */
export type AppDb = NodePgDatabase<typeof schema>;
/** A transaction handle. */
export type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];
/** Either a database or a transaction: what services take. */
export type DbHandle = AppDb | Tx;

/** What operations see of a connection (`GET /api/admin/health`, `/metrics`). */
export interface DatabaseStatus {
  /** The pool's connections; null for the embedded database, which has one in-process connection. */
  pool: PoolUsage | null;
  /** The LISTEN connection (`listen`). */
  listen: ListenState;
}

/** A connected database with the few operations the platform needs beyond queries. */
export interface Database {
  kind: 'postgres' | 'pglite';
  db: AppDb;
  /** Runs the committed migrations. */
  migrate(): Promise<void>;
  /** Calls `onMessage` for every NOTIFY on `channel`; returns the unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The pool and the LISTEN connection now; absent on handles made for tests' fixtures. */
  status?(): DatabaseStatus;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Connects to PostgreSQL through node-postgres. */
export function connectPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema });
  let listener: pg.Client | null = null;
  // The listener is not reconnected: once its connection fails it stays lost (operations see it).
  let listenState: ListenState = 'idle';
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let closed = false;
  return {
    kind: 'postgres',
    db,
    migrate: () => migrateNodePg(db, { migrationsFolder }),
    async listen(channel, onMessage) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        listener.on('error', () => {
          listenState = 'lost';
        });
        listener.on('end', () => {
          listenState = 'lost';
        });
        listener.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
        await listener.connect();
        listenState = 'listening';
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
    status: () => ({
      pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize },
      listen: listenState,
    }),
  };
}

/** Wraps an open PGlite instance (file-backed or in memory). */
export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as AppDb;
  let closed = false;
  let listening = false;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async listen(channel, onMessage) {
      const unsub = await client.listen(channel, onMessage);
      listening = true;
      return async () => {
        if (!closed) await unsub();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
    status: () => ({ pool: null, listen: closed ? 'lost' : listening ? 'embedded' : 'idle' }),
  };
}

/** Opens the embedded database stored under `dataDir`. */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  return wrapPglite(client);
}

/** True when the database answers a trivial query. */
export async function ping(db: AppDb): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
