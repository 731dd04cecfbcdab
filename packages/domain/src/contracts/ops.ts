import { z } from 'zod';

/** Connections of the app's PostgreSQL pool (node-postgres' counts). */
export const poolUsage = z.object({
  /** Connections open, idle or in use. */
  total: z.number().int(),
  /** Open connections no query holds. */
  idle: z.number().int(),
  /** Queries queued for a connection. */
  waiting: z.number().int(),
  /** The pool's ceiling. */
  max: z.number().int(),
});
/** Pool usage. */
export type PoolUsage = z.infer<typeof poolUsage>;

/**
 * The connection that hears other instances' changes (LISTEN): `listening` on PostgreSQL,
 * `embedded` for PGlite (in-process), `lost` once the connection failed, `idle` before any channel.
 */
export const listenState = z.enum(['listening', 'embedded', 'lost', 'idle']);
/** LISTEN connection state. */
export type ListenState = z.infer<typeof listenState>;

/** `GET /api/health`: liveness with a database check, for load balancers (anyone); 503 when degraded. */
export const healthResponse = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
});

/** `GET /api/admin/health`: the platform's state for an Admin. Nothing of any organization. */
export const adminHealthResponse = z.object({
  success: z.literal(true),
  /** `ok`, or `degraded` when the database does not answer, the listener is lost or migrations lag. */
  status: z.enum(['ok', 'degraded']),
  /** Seconds since this server process started. */
  uptimeSeconds: z.number(),
  database: z.object({
    kind: z.enum(['postgres', 'embedded']),
    status: z.enum(['ok', 'down']),
    /** Round trip of a trivial query through the app's pool, in milliseconds. */
    latencyMs: z.number().nullable(),
    /** Null for the embedded database (one in-process connection, no pool). */
    pool: poolUsage.nullable(),
    listen: listenState,
  }),
  migrations: z.object({
    /** The latest migration applied to the database (`0010_tenant-rls-function`); null when unreadable. */
    applied: z.string().nullable(),
    /** How many migrations the database has applied; null when unreadable. */
    count: z.number().int().nullable(),
    /** The latest migration this build ships. */
    expected: z.string().nullable(),
    upToDate: z.boolean(),
  }),
});
/** The admin health report. */
export type AdminHealthResponse = z.infer<typeof adminHealthResponse>;
