import { get, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { seedDemo } from '../db/seed/demo.js';
import { createTestDatabase, DEMO_PASSWORD, type TestDatabase } from '../test/harness.js';
import { RECONNECT_AFTER_MS, shutdown } from './shutdown.js';

/**
 * SIGTERM and SIGINT stop the server gracefully: no new connections, event streams ended with a
 * reconnection hint, in-flight requests finished (up to the grace period), the pool closed.
 */

let test: TestDatabase | null = null;
afterEach(async () => {
  await test?.drop();
  test = null;
});

/** The app on a fresh database, with a slow route that signals when it started, listening on a free port. */
async function startServer(slowMs: number) {
  test = await createTestDatabase();
  await seedDemo(test.database.db, DEMO_PASSWORD);
  const app: FastifyInstance = await buildApp({ database: test.appDatabase, webDist: '/nonexistent' });
  let started!: () => void;
  const slowStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  app.get('/slow', async () => {
    started();
    await sleep(slowMs, undefined, { ref: false });
    return { finished: true };
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseUrl, slowStarted, database: test.appDatabase };
}

/** Opens an event stream and collects everything it receives until it ends. */
function openStream(url: string): Promise<{ res: IncomingMessage; text: () => string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let text = '';
      res.setEncoding('utf8');
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('event: ready')) resolve({ res, text: () => text, ended });
      });
    }).on('error', reject);
  });
}

describe('graceful shutdown', () => {
  it('ends event streams with a retry hint, finishes in-flight requests, refuses new ones and closes the pool', async () => {
    const { app, baseUrl, slowStarted, database } = await startServer(500);
    const stream = await openStream(`${baseUrl}/api/events/public?organizationId=default-clinic`);
    const slow = fetch(`${baseUrl}/slow`);
    await slowStarted;

    const result = await shutdown(app, database, 5_000);

    expect(result.timedOut).toBe(false);
    // The request that was running when the shutdown began got its full answer.
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ finished: true });
    // The stream ended with the reconnection delay for EventSource.
    await stream.ended;
    expect(stream.text()).toMatch(new RegExp(`\\n\\nretry: ${RECONNECT_AFTER_MS}\\n\\n$`));
    // Nothing listens any more.
    await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();
    // The pool is closed.
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it('cuts requests still running after the grace period, and still closes the pool', async () => {
    const { app, baseUrl, slowStarted, database } = await startServer(60_000);
    const slow = fetch(`${baseUrl}/slow`).then(
      (res) => res.status,
      () => 'cut' as const,
    );
    await slowStarted;
    const began = Date.now();

    const result = await shutdown(app, database, 300);

    expect(result.timedOut).toBe(true);
    // Far sooner than the handler's 60 s.
    expect(Date.now() - began).toBeLessThan(20_000);
    expect(await slow).toBe('cut');
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
