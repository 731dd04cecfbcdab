import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDb } from '../../db/client.js';
import { AppError, registerErrorHandler } from '../../platform/errors.js';
import { routePlugin } from '../../platform/route/index.js';
import { MissCounter } from './miss-counter.js';

/**
 * The counter's hooks on a bare app whose database is not a PostgreSQL pool, so its counts stay
 * in memory, as on the embedded database (counting across instances: `visitors-concurrency.test.ts`).
 * The route misses when asked to, as a check-in that finds no patient does.
 */
async function appWith(counter: MissCounter): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandler(app);
  await app.register(routePlugin, { db: {} as AppDb });
  await app.register(async (scope) => {
    counter.guard(scope, '/guess');
    scope.post<{ Body: { hit: boolean } }>('/guess', async (request) => {
      if (request.body.hit) return { success: true };
      counter.miss(request);
      throw new AppError('visitors/patient-not-found', 'No such patient.');
    });
  });
  return app;
}

describe('MissCounter', () => {
  let app: FastifyInstance;
  const guess = (remoteAddress: string, hit = false) => app.inject({ method: 'POST', url: '/guess', payload: { hit }, remoteAddress });
  beforeEach(() => vi.useRealTimers());
  afterEach(async () => {
    await app?.close();
    vi.useRealTimers();
  });

  it('allows an address until its misses reach the limit, and only that address', async () => {
    app = await appWith(new MissCounter(3, 60_000, 'test-miss'));
    for (let i = 0; i < 3; i++) expect((await guess('192.0.2.1')).statusCode).toBe(404);
    const refused = await guess('192.0.2.1', true);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'request/rate-limited', error: 'Too many requests. Please wait a moment and try again.' });
    expect((await guess('192.0.2.2', true)).statusCode).toBe(200);
  });

  it('allows the address again once the window that began at its first miss has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T10:00:00Z') });
    app = await appWith(new MissCounter(2, 60_000, 'test-miss'));
    expect((await guess('192.0.2.1')).statusCode).toBe(404);
    vi.setSystemTime(new Date('2026-01-01T10:00:30Z'));
    expect((await guess('192.0.2.1')).statusCode).toBe(404);
    vi.setSystemTime(new Date('2026-01-01T10:00:59.999Z'));
    expect((await guess('192.0.2.1', true)).statusCode).toBe(429);
    vi.setSystemTime(new Date('2026-01-01T10:01:00Z'));
    expect((await guess('192.0.2.1')).statusCode).toBe(404);
    expect((await guess('192.0.2.1', true)).statusCode).toBe(200);
  });
});
