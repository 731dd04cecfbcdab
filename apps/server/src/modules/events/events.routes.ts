import { publicBoardQuery } from '@clinic/domain';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDb } from '../../db/client.js';
import { tenantOf } from '../../platform/access.js';
import type { AppEvent, EventHub } from '../../platform/events.js';
import { withTenant } from '../../db/tenant.js';
import { resolvePublicClinic } from '../../lib/public-clinic.js';
import { parse } from '../../platform/parse.js';
import { RateLimiter } from '../../platform/rate-limit.js';

/** Seconds between keep-alive comments, so proxies keep the stream open. */
const KEEP_ALIVE_MS = 25_000;
/** Public streams one address may open per minute (a board reconnects rarely). */
const PUBLIC_STREAMS_PER_MINUTE = 60;

/** Opens an SSE stream for one organization, writing what `shape` keeps of each event. */
function stream(
  request: FastifyRequest,
  reply: FastifyReply,
  open: Set<ServerResponse>,
  hub: EventHub,
  organizationId: string,
  ready: Record<string, unknown>,
  shape: (event: AppEvent) => Record<string, unknown> | null,
) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`event: ready\ndata: ${JSON.stringify(ready)}\n\n`);
  const unsubscribe = hub.subscribe(organizationId, (event) => {
    const data = shape(event);
    if (data) res.write(`event: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`);
  });
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  open.add(res);
  request.raw.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
    open.delete(res);
  });
}

/**
 * Server-Sent Events of the caller's organization: every instance forwards what PostgreSQL
 * notifies, so browsers on any instance hear changes made through any other.
 */
export async function eventRoutes(app: FastifyInstance, opts: { db: AppDb; hub: EventHub }) {
  // A stream never ends by itself, and the server waits for open responses before it closes:
  // end them first, or shutting down would hang while any browser is listening.
  const open = new Set<ServerResponse>();
  // Anyone may open the board's stream: bound how often one address can open one.
  const publicStreams = new RateLimiter(PUBLIC_STREAMS_PER_MINUTE, 60_000);
  app.addHook('preClose', (done) => {
    open.forEach((res) => res.end());
    done();
  });

  app.get('/api/events', { config: { access: { tenant: true }, contract: { summary: 'Server-Sent Events of your organization' } } }, (request, reply) => {
    const tenant = tenantOf(request);
    stream(request, reply, open, opts.hub, tenant.organizationId, { organizationId: tenant.organizationId }, (event) => ({ ...event }));
  });

  // The anonymous waiting-room board hears only that its clinic's queue changed: no ids, no data.
  app.get('/api/events/public', { config: { access: { public: true }, contract: { summary: 'Queue change signals of one clinic, for the public board', query: publicBoardQuery } } }, async (request, reply) => {
    publicStreams.hitRequest(request, 'public-events');
    const query = parse(publicBoardQuery, request.query);
    const target = await withTenant(opts.db, query.organizationId, (tx) => resolvePublicClinic(tx, query.organizationId, query.clinicId));
    stream(request, reply, open, opts.hub, target.organization.id, { clinicId: target.clinicId }, (event) =>
      event.type === 'queue.updated' && (!event.clinicId || event.clinicId === target.clinicId) ? { type: event.type, at: event.at } : null,
    );
  });
}
