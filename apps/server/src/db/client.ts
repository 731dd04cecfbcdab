import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock.js';
import * as schema from './schema/index.js';

/** The Drizzle handle used everywhere; PGlite's is structurally the same. */
export type AppDb = NodePgDatabase<typeof schema>;
/** A transaction handle. */
export type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];
/** Either a database or a transaction: what services take. */
export type DbHandle = AppDb | Tx;

/** A connected database with the few operations the platform needs beyond queries. */
export interface Database {
  kind: 'postgres' | 'pglite';
  db: AppDb;
  /** Runs the committed migrations. */
  migrate(): Promise<void>;
  /** Calls `onMessage` for every NOTIFY on `channel`; returns the unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Connects to PostgreSQL through node-postgres. */
export function connectPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema });
  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let closed = false;
  return {
    kind: 'postgres',
    db,
    migrate: () => migrateNodePg(db, { migrationsFolder }),
    async listen(channel, onMessage) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        listener.on('error', () => {});
        listener.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
        await listener.connect();
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
  };
}

/** Wraps an open PGlite instance (file-backed or in memory); `onClose` runs after it closed. */
export function wrapPglite(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite(client, { schema }) as unknown as AppDb;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async listen(channel, onMessage) {
      const unsub = await client.listen(channel, onMessage);
      return async () => {
        if (!closed) await unsub();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        onClose?.();
      }
    },
  };
}

/**
 * Opens the embedded database stored under `dataDir`, for this process alone: a second open of the
 * same folder, here or in another process, throws `DatabaseInUseError` (db/lock.ts) until close.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir);
  } catch (err) {
    release();
    throw err;
  }
  return wrapPglite(client, release);
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
