import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replyCheckPlugin } from './reply-check.js';

async function appAnswering(body: unknown, status = 200) {
  const app = Fastify();
  await app.register(replyCheckPlugin);
  const contract = { reply: z.object({ success: z.literal(true), count: z.number().int() }) };
  app.get('/checked', { config: { contract } }, async (_request, reply) => reply.status(status).send(body));
  app.get('/unchecked', async () => ({ anything: 'goes' }));
  return app;
}

describe('the reply check of tests (route/reply-check.ts)', () => {
  it('lets a reply that keeps its contract through unchanged', async () => {
    const app = await appAnswering({ success: true, count: 3 });
    const res = await app.inject({ url: '/checked' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, count: 3 });
  });

  it('turns a reply that breaks its contract into a 500 naming the route and the field', async () => {
    const app = await appAnswering({ success: true, count: 'three' });
    const res = await app.inject({ url: '/checked' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: 'The reply of GET /checked breaks its contract', issues: [{ path: ['count'] }] });
  });

  it('checks a text reply (a CSV file) as the text it is', async () => {
    const app = Fastify();
    await app.register(replyCheckPlugin);
    const contract = { reply: z.string().startsWith('Date,'), replyMedia: 'text/csv' as const };
    app.get('/good', { config: { contract } }, async (_request, reply) => reply.type('text/csv').send('Date,Count\n'));
    app.get('/bad', { config: { contract } }, async (_request, reply) => reply.type('text/csv').send('Count\n'));
    expect((await app.inject({ url: '/good' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/bad' })).statusCode).toBe(500);
  });

  it('leaves refusals and routes without a reply contract alone', async () => {
    const refused = await (await appAnswering({ success: false, error: 'No' }, 404)).inject({ url: '/checked' });
    expect(refused.statusCode).toBe(404);
    const unchecked = await (await appAnswering({})).inject({ url: '/unchecked' });
    expect(unchecked.json()).toEqual({ anything: 'goes' });
  });
});
