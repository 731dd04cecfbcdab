import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ping, type AppDb } from '../db/client.js';

const PING = Symbol('ping.database');

/** Gives `pingDatabase` the app's database; registered by `app.ts` before any module. */
export const pingPlugin = fp(
  async (app: FastifyInstance, opts: { db: AppDb }) => {
    app.decorate(PING, () => ping(opts.db));
  },
  { name: 'ping' },
);

/**
 * Whether the app's database answers a trivial query now (false on any error): the health route's
 * check, without the route ever holding the database.
 */
export function pingDatabase(app: FastifyInstance): Promise<boolean> {
  const check = (app as unknown as Record<symbol, (() => Promise<boolean>) | undefined>)[PING];
  if (!check) throw new Error('pingPlugin must be registered before the health routes');
  return check();
}
