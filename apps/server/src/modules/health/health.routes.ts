import { adminHealthResponse, healthResponse, OPS_ACCESS } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { databaseHealth, pingDatabase } from '../../platform/ping.js';
import { defineRoute } from '../../platform/route/index.js';

const HEALTHY = { success: true, status: 'ok', database: 'ok' } as const;
const DEGRADED = { success: false, status: 'degraded', database: 'down' } as const;

/**
 * Liveness with a database check, for load balancers and monitoring (anyone, cheap); and the
 * detailed report for an organization's Admins (the platform's state, none of any organization).
 */
export async function healthRoutes(app: FastifyInstance) {
  // Not through defineRoute: the cheapest answer the server gives, with no session, tenant or input.
  const contract = { summary: 'Liveness with a database check (503 when degraded)', reply: healthResponse };
  // The ping in flight, shared: a check that arrives while one is out takes its answer (sent
  // moments ago, and the database's state now) instead of a `select 1` of its own, so that a load
  // balancer's or a monitor's checks cost the database one round trip at a time however many come.
  let pinging: Promise<boolean> | null = null;
  const ping = () =>
    (pinging ??= pingDatabase(app).finally(() => {
      pinging = null;
    }));
  app.get('/api/health', { config: { access: { public: true }, contract } }, async (_request, reply) => {
    const ok = await ping();
    return reply.status(ok ? 200 : 503).send(ok ? HEALTHY : DEGRADED);
  });

  // A staff route's access, but no tenant transaction around the handler: the checks go through
  // the pool themselves, and the embedded database's one connection would wait on that transaction.
  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'GET',
      url: '/api/admin/health',
      summary: 'Platform health: database latency, pool, event listener, migrations, uptime',
      access: OPS_ACCESS.health,
      scope: 'organization',
      reply: adminHealthResponse,
    },
    async () => ({ success: true, ...(await databaseHealth(app)) }),
  );
}
