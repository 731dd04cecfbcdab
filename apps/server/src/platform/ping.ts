import { performance } from 'node:perf_hooks';
import type { AdminHealthResponse } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ping, type AppDb, type Database } from '../db/client.js';
import { migrationState } from '../db/migration-state.js';

const PING = Symbol('ping.database');

interface Checks {
  ping(): Promise<boolean>;
  health(): Promise<SystemHealth>;
}

/** The platform's state for operations: no organization's data, nothing that names anyone. */
export type SystemHealth = Omit<AdminHealthResponse, 'success'>;

async function systemHealth(db: AppDb, database: Database | undefined): Promise<SystemHealth> {
  const started = performance.now();
  const ok = await ping(db);
  const latencyMs = ok ? Math.round((performance.now() - started) * 100) / 100 : null;
  const status = database?.status?.() ?? { pool: null, listen: 'idle' as const };
  const migrations = await migrationState(db);
  const listenUp = status.listen === 'listening' || status.listen === 'embedded';
  return {
    status: ok && listenUp && migrations.upToDate ? 'ok' : 'degraded',
    uptimeSeconds: Math.round(process.uptime()),
    database: {
      kind: database?.kind === 'postgres' ? 'postgres' : 'embedded',
      status: ok ? 'ok' : 'down',
      latencyMs,
      pool: status.pool,
      listen: status.listen,
    },
    migrations,
  };
}

/**
 * Gives `pingDatabase` and `databaseHealth` the app's database; registered by `app.ts` before any
 * module. `database` (the connection's pool and LISTEN state) is optional for older callers.
 */
export const pingPlugin = fp(
  async (app: FastifyInstance, opts: { db: AppDb; database?: Database }) => {
    const checks: Checks = { ping: () => ping(opts.db), health: () => systemHealth(opts.db, opts.database) };
    app.decorate(PING, checks);
  },
  { name: 'ping' },
);

function checksOf(app: FastifyInstance): Checks {
  const checks = (app as unknown as Record<symbol, Checks | undefined>)[PING];
  if (!checks) throw new Error('pingPlugin must be registered before the health routes');
  return checks;
}

/**
 * Whether the app's database answers a trivial query now (false on any error): the health route's
 * check, without the route ever holding the database.
 */
export function pingDatabase(app: FastifyInstance): Promise<boolean> {
  return checksOf(app).ping();
}

/**
 * The admin health report (`GET /api/admin/health`): a timed ping through the pool, the pool's
 * connections, the LISTEN connection, the applied migrations against the shipped ones, uptime.
 */
export function databaseHealth(app: FastifyInstance): Promise<SystemHealth> {
  return checksOf(app).health();
}
