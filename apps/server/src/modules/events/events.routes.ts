import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client.js';
import { tenantOf } from '../../platform/access.js';
import type { EventHub } from '../../platform/events.js';

/** Seconds between keep-alive comments, so proxies keep the stream open. */
const KEEP_ALIVE_MS = 25_000;

/**
 * Server-Sent Events of the caller's organization: every instance forwards what PostgreSQL
 * notifies, so browsers on any instance hear changes made through any other.
 */
export async function eventRoutes(app: FastifyInstance, opts: { db: AppDb; hub: EventHub }) {
  app.get('/api/events', { config: { access: { tenant: true } } }, (request, reply) => {
    const tenant = tenantOf(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`event: ready\ndata: ${JSON.stringify({ organizationId: tenant.organizationId })}\n\n`);
    const unsubscribe = opts.hub.subscribe(tenant.organizationId, (event) => {
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
    });
  });
}
