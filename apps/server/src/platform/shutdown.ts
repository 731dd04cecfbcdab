import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';

/** How long in-flight requests may take to finish once a shutdown begins. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** How often connections that became idle during a shutdown are closed. */
const IDLE_SWEEP_MS = 50;
/** The reconnection delay an event stream ended by a shutdown tells its browser. */
export const RECONNECT_AFTER_MS = 3_000;

/**
 * Ends a Server-Sent Events response because the server is stopping. The `retry:` line sets the
 * browser's reconnection delay (EventSource reconnects by itself after a stream ends): long
 * enough for the load balancer to send it to another instance, or for this one to come back.
 * The event routes call it for each open stream in their `preClose` hook.
 */
export function endEventStream(res: ServerResponse): void {
  if (res.writableEnded || res.destroyed) return;
  res.end(`retry: ${RECONNECT_AFTER_MS}\n\n`);
}

/**
 * Stops the server gracefully (SIGTERM, SIGINT):
 * 1. stops accepting: the listening socket closes, and a request arriving on a kept-alive
 *    connection meanwhile is answered 503 (Fastify's `return503OnClosing`);
 * 2. ends every event stream with a reconnection hint (the events module's `preClose` hook);
 * 3. lets in-flight requests finish, at most `graceMs`, then cuts the connections left;
 * 4. runs the `onClose` hooks (the event hub stops listening) and closes the database pool.
 * Resolves when all of that is done; `timedOut` tells whether connections had to be cut.
 */
export async function shutdown(app: FastifyInstance, database: Database, graceMs = SHUTDOWN_GRACE_MS): Promise<{ timedOut: boolean }> {
  const closing = app.close();
  // The server closes the connections that are idle when it starts closing; a kept-alive
  // connection whose request (or event stream) finishes later would otherwise stay open until
  // its keep-alive timeout, holding the shutdown up.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    closing.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), graceMs);
    }),
  ]);
  clearTimeout(timer);
  clearInterval(sweep);
  if (timedOut) {
    app.log.warn(`requests still running ${graceMs} ms after the shutdown began: closing their connections`);
    app.server.closeAllConnections();
    await closing;
  }
  await database.close();
  return { timedOut };
}
