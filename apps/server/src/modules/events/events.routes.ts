import { EVENTS_ACCESS, publicBoardQuery } from '@clinic/domain';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { eventStreamsOf, type EventStreams, type StreamEntitlement } from '../../platform/event-stream.js';
import { mayHear, type AppEvent } from '../../platform/events.js';
import { endEventStream } from '../../platform/shutdown.js';
import { ConcurrencyLimit } from '../../platform/concurrency-limit.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import { defineRoute } from '../../platform/route/index.js';

/** Seconds between keep-alive comments, so proxies keep the stream open. */
const KEEP_ALIVE_MS = 25_000;
/** Public streams one address may open per minute (a board reconnects rarely). */
const PUBLIC_STREAMS_PER_MINUTE = 60;
/** Streams one session may hold open at once, over all instances: a browser tab holds one. */
export const STREAMS_PER_SESSION = 10;
/** Public streams one address may hold open at once, over all instances: a clinic's boards share its address. */
export const PUBLIC_STREAMS_PER_ADDRESS = 20;

interface StreamOptions {
  organizationId: string;
  ready: Record<string, unknown>;
  /** What the subscriber gets of an event, or null for nothing. */
  shape: (event: AppEvent) => Record<string, unknown> | null;
  /** Asked at each keep-alive and after `recheckOn` events; false (or an error) ends the stream. */
  stillAllowed?: () => Promise<boolean>;
  recheckOn?: (event: AppEvent) => boolean;
  /** Gives back the stream's slot of the open-stream caps. */
  release: () => void;
}

/** Opens an SSE stream for one organization, writing what `shape` keeps of each event. */
function stream(reply: FastifyReply, open: Set<ServerResponse>, streams: EventStreams, o: StreamOptions) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`event: ready\ndata: ${JSON.stringify(o.ready)}\n\n`);
  let checking = false;
  // Fails closed: a stream whose subscriber cannot be checked ends, and the browser reconnects
  // through the full access checks.
  const recheck = async () => {
    if (!o.stillAllowed || checking || res.writableEnded) return;
    checking = true;
    const allowed = await o.stillAllowed().catch(() => false);
    checking = false;
    if (!allowed) res.end();
  };
  const unsubscribe = streams.subscribe(o.organizationId, (event) => {
    if (res.writableEnded) return;
    if (o.recheckOn?.(event)) void recheck();
    const data = o.shape(event);
    if (data) res.write(`event: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`);
  });
  const keepAlive = setInterval(() => {
    if (res.writableEnded) return;
    res.write(': keep-alive\n\n');
    void recheck();
  }, KEEP_ALIVE_MS);
  open.add(res);
  const cleanup = () => {
    clearInterval(keepAlive);
    unsubscribe();
    open.delete(res);
    o.release();
  };
  res.on('close', cleanup);
  // The client may have left while the stream was being set up; 'close' would then never come.
  if (res.destroyed || !res.socket || res.socket.destroyed) cleanup();
}

/**
 * Server-Sent Events of the caller's organization: every instance forwards what PostgreSQL
 * notifies, so browsers on any instance hear changes made through any other. Each subscriber
 * hears only the event types its membership's flags (or role) cover (`EVENT_PERMISSIONS`). What needs the
 * database (the subscription, the subscriber's flags, the board's clinic) is the platform's
 * (`platform/event-stream.ts`), each in its own short transaction: none stays open with a stream.
 */
export async function eventRoutes(app: FastifyInstance) {
  const streams = eventStreamsOf(app);
  // A stream never ends by itself, and the server waits for open responses before it closes:
  // end them first, or shutting down would hang while any browser is listening.
  const open = new Set<ServerResponse>();
  // Anyone may open the board's stream: bound how often one address can open one, and how many
  // it holds open at once.
  const publicStreams = new RateLimiter(PUBLIC_STREAMS_PER_MINUTE, 60_000);
  const publicOpen = new ConcurrencyLimit(
    PUBLIC_STREAMS_PER_ADDRESS,
    'Too many open board streams from your network. Close one and try again.',
    'public-streams',
  );
  const sessionOpen = new ConcurrencyLimit(
    STREAMS_PER_SESSION,
    'Too many open event streams for this session. Close a tab and try again.',
    'session-streams',
  );
  app.addHook('preClose', (done) => {
    open.forEach(endEventStream);
    done();
  });
  // Events published while this instance's LISTEN connection was lost never reached its streams:
  // once it is back, each stream ends with a reconnection hint, and the browser reconnects and
  // reloads what it shows (`use-live-events.ts`, 'reconnected').
  const stopResumed = streams.onResumed(() => open.forEach(endEventStream));
  app.addHook('onClose', (_app, done) => {
    stopResumed();
    done();
  });

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/events',
      summary: 'Server-Sent Events of your organization',
      caller: 'session',
      access: EVENTS_ACCESS.listen,
      stream: true,
      replyMedia: 'text/event-stream',
      reply: z.string(),
    },
    async ({ tenant }, _input, request, reply) => {
      const subscriber = { organizationId: tenant.organizationId, memberId: tenant.member.id, sessionId: request.sessionId! };
      const release = await sessionOpen.take(request, subscriber.sessionId);
      // The role and flags are read when the stream opens, then again at each keep-alive and whenever the
      // subscriber's own membership changes; a disabled member or an ended session ends the stream.
      let entitled: StreamEntitlement = { role: tenant.member.role, permissions: tenant.member.permissions };
      stream(reply, open, streams, {
        organizationId: tenant.organizationId,
        ready: { organizationId: tenant.organizationId },
        shape: (event) => (mayHear(event.type, entitled) ? { ...event } : null),
        stillAllowed: async () => {
          const now = await streams.entitlement(subscriber);
          if (now) entitled = now;
          return now !== null;
        },
        recheckOn: (event) => event.type === 'member.updated' && event.entityId === subscriber.memberId,
        release,
      });
    },
  );

  // The anonymous waiting-room board hears only that its clinic's queue changed: no ids, no data.
  const publicSpec = {
    method: 'GET',
    url: '/api/events/public',
    summary: 'Queue change signals of one clinic, for the public board',
    caller: 'public',
    query: publicBoardQuery,
    rateLimit: { limiter: publicStreams, scope: 'public-events' },
    stream: true,
    replyMedia: 'text/event-stream',
    reply: z.string(),
  } as const;
  defineRoute(app, publicSpec, async (_ctx, { query }, request, reply) => {
    // Resolved in a transaction of its own that has ended before the stream opens.
    const target = await streams.publicClinic(query.organizationId, query.clinicId, { ip: request.ip });
    const release = await publicOpen.take(request, request.ip);
    stream(reply, open, streams, {
      organizationId: target.organizationId,
      ready: { clinicId: target.clinicId },
      shape: (event) =>
        event.type === 'queue.updated' && (!event.clinicId || event.clinicId === target.clinicId) ? { type: event.type, at: event.at } : null,
      release,
    });
  });
}
