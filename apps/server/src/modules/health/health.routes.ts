import type { FastifyInstance } from 'fastify';
import { ping, type AppDb } from '../../db/client.js';

/** Liveness with a database check, for load balancers and monitoring. */
export async function healthRoutes(app: FastifyInstance, opts: { db: AppDb }) {
  app.get('/api/health', { config: { access: { public: true } } }, async (_request, reply) => {
    const ok = await ping(opts.db);
    return reply.status(ok ? 200 : 503).send({ success: ok, status: ok ? 'ok' : 'degraded', database: ok ? 'ok' : 'down' });
  });
}
