import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { syncPatientJsonFunction } from './patient-json.js';
import pg from 'pg';
import type { ListenState, PoolUsage } from '@clinic/domain';
import { lockDataDir } from './lock.js';
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
  /**
   * Calls `onResumed` each time the LISTEN connection is back after it was lost: notifications
   * sent meanwhile were missed. Returns the unsubscribe function.
   */
  onListenResumed(onResumed: () => void): () => void;
  /**
   * Resolves true once a round trip on the LISTEN connection, sent after this call, has come back:
   * every notification committed before the call has then reached the `listen` handlers (a
   * listening PostgreSQL backend sends its pending notifications before it answers). False when
   * there is no live LISTEN connection, or it was lost meanwhile. Calls made while a round trip is
   * out share the next one. Absent on the embedded database.
   */
  listenBarrier?(): Promise<boolean>;
  close(): Promise<void>;
  /** The pool and the LISTEN connection now; absent on handles made for tests' fixtures. */
  status?(): DatabaseStatus;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/**
 * A migrated embedded database, as a tar of its folder, written by the server's build beside the
 * bundle (apps/server/dist); absent when running from the sources.
 */
export const pgliteImage = fileURLToPath(new URL('./pglite-image.tar', import.meta.url));

/** The first wait before connecting a lost LISTEN connection again, and the longest. */
const LISTEN_RETRY_FIRST_MS = 250;
const LISTEN_RETRY_MAX_MS = 30_000;

/** How the LISTEN connection names itself to the database (`pg_stat_activity.application_name`). */
export const LISTENER_APPLICATION_NAME = 'clinic-listener';

/** Connects to PostgreSQL through node-postgres. */
export function connectPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema });
  let listener: pg.Client | null = null;
  let listenState: ListenState = 'idle';
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const resumedHandlers = new Set<() => void>();
  let closed = false;
  let retryDelay = LISTEN_RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  /** A connection that LISTENs on every channel asked for so far. */
  const connectListener = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = null;
      if (closed) return;
      listenState = 'lost';
      scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      lost = true;
      await client.end().catch(() => {});
      throw err;
    }
    return client;
  };

  /**
   * The listener is lost (the database restarted, a network cut, its backend terminated): it is
   * connected again, after 0.25 s and then twice as long each time up to 30 s, until it is back
   * or the database is closed. Operations see `lost` meanwhile (`/api/admin/health`, `/metrics`).
   */
  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      if (closed) return;
      try {
        const client = await connectListener();
        if (closed) {
          await client.end().catch(() => {});
          return;
        }
        listener = client;
        listenState = 'listening';
        retryDelay = LISTEN_RETRY_FIRST_MS;
        resumedHandlers.forEach((h) => h());
      } catch {
        retryDelay = Math.min(retryDelay * 2, LISTEN_RETRY_MAX_MS);
        scheduleReconnect();
      }
    }, retryDelay);
    retryTimer.unref();
  };

  /** The round trip on the listener now out, and the one that follows it ({@link Database.listenBarrier}). */
  let barrierOut: Promise<boolean> | null = null;
  let barrierNext: Promise<boolean> | null = null;
  const sendBarrier = (): Promise<boolean> => {
    const client = listener;
    if (!client || listenState !== 'listening') return Promise.resolve(false);
    const sent: Promise<boolean> = client.query('select 1').then(
      () => listener === client,
      () => false,
    );
    barrierOut = sent;
    void sent.finally(() => {
      if (barrierOut === sent) barrierOut = null;
    });
    return sent;
  };

  return {
    kind: 'postgres',
    db,
    migrate: async () => {
      await migrateNodePg(db, { migrationsFolder });
      await syncPatientJsonFunction(db);
    },
    listenBarrier() {
      // A round trip already out may have been sent before this call: the one after it is awaited.
      if (!barrierOut) return sendBarrier();
      barrierNext ??= barrierOut.then(() => {
        barrierNext = null;
        return sendBarrier();
      });
      return barrierNext;
    },
    async listen(channel, onMessage) {
      const isNew = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set<(payload: string) => void>();
      handlers.set(channel, set.add(onMessage));
      if (!listener && listenState === 'idle') {
        listener = await connectListener();
        listenState = 'listening';
      } else if (isNew && listener) {
        await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      return async () => {
        set.delete(onMessage);
      };
    },
    onListenResumed(onResumed) {
      resumedHandlers.add(onResumed);
      return () => resumedHandlers.delete(onResumed);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      await listener?.end().catch(() => {});
      await pool.end();
    },
    status: () => ({
      pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize },
      listen: listenState,
    }),
  };
}

/** Wraps an open PGlite instance (file-backed or in memory); `onClose` runs after it closed. */
export function wrapPglite(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite(client, { schema }) as unknown as AppDb;
  let closed = false;
  let listening = false;
  return {
    kind: 'pglite',
    db,
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      await syncPatientJsonFunction(db);
    },
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
      try {
        await client.close();
      } finally {
        onClose?.();
      }
    },
    // In process: its notifications cannot be lost.
    onListenResumed: () => () => {},
    status: () => ({ pool: null, listen: closed ? 'lost' : listening ? 'embedded' : 'idle' }),
  };
}

/**
 * A Blob whose `arrayBuffer()` hands over the bytes already read. PGlite reads the image with
 * `arrayBuffer()`, which for a 40 MB Blob built the ordinary way costs Node 20 about 0.8 s of CPU.
 */
class BufferBlob extends Blob {
  constructor(
    private readonly content: Buffer,
    type: string,
  ) {
    super([], { type });
  }
  override get size(): number {
    return this.content.length;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.content;
    return byteOffset === 0 && byteLength === buffer.byteLength
      ? (buffer as ArrayBuffer)
      : (buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer);
  }
}

/**
 * Opens the embedded database stored under `dataDir`, for this process alone: a second open of the
 * same folder, here or in another process, throws `DatabaseInUseError` (db/lock.ts) until close.
 * A new folder starts from the build's migrated image when there is one (unpacking it costs a
 * fraction of PostgreSQL's initdb); the migrations then find nothing left to do.
 */
export async function openPglite(dataDir: string, image = pgliteImage): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  let client: PGlite;
  try {
    const isNew = !existsSync(join(dataDir, 'PG_VERSION'));
    const loadDataDir = isNew && existsSync(image) ? new BufferBlob(readFileSync(image), 'application/x-tar') : undefined;
    client = await PGlite.create({ dataDir, loadDataDir });
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
