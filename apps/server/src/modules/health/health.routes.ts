import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../platform/ping.js';

/** Liveness with a database check, for load balancers and monitoring. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { access: { public: true } } }, async (_request, reply) => {
    const ok = await pingDatabase(app);
    return reply.status(ok ? 200 : 503).send({ success: ok, status: ok ? 'ok' : 'degraded', database: ok ? 'ok' : 'down' });
  });
}
