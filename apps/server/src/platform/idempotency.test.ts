import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, rows, signInAs, type TestApp } from '../test/harness.js';
import { accessPlugin } from './access.js';
import { AppError, registerErrorHandler } from './errors.js';
import { requestHash } from './idempotency.js';
import { defineRoute, routePlugin } from './route/index.js';

/**
 * `idempotent` on a staff route (the pediatric intake's way in): a small app of its own over the
 * database of a full app, whose sign-in gives the sessions. The kiosk's own cases are in
 * modules/kiosk/kiosk-idempotency.test.ts.
 */
let t: TestApp;
let app: FastifyInstance;
let admin: Record<string, string>;
let nurse: Record<string, string>;
let runs = 0;

const noteBody = z.object({ text: z.string().min(1), fail: z.boolean().optional() }).strict();

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t.app, 'admin@demo.clinic');
  nurse = await signInAs(t.app, 'nurse@demo.clinic');
  app = Fastify();
  registerErrorHandler(app);
  await app.register(accessPlugin, { db: t.appDatabase.db });
  await app.register(routePlugin, { db: t.appDatabase.db });
  await app.register(async (child) => {
    for (const url of ['/api/test-notes', '/api/test-notes/other']) {
      defineRoute(
        child,
        { caller: 'session', method: 'POST', url, summary: 'Write a test note', access: {}, body: noteBody, status: 201, idempotent: true },
        async (ctx, { body }) => {
          runs += 1;
          await ctx.audit('test.note.written', { type: 'test-note' }, { run: runs });
          if (body.fail) throw new AppError('conflict/test', 'Refused after writing.');
          return { success: true, run: runs, by: ctx.actor.userId };
        },
      );
    }
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const write = (headers: Record<string, string>, key: string, payload: object, url = '/api/test-notes') =>
  app.inject({ method: 'POST', url, headers: { ...headers, 'idempotency-key': key }, payload });
const notesWritten = async () =>
  (await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_events where action = 'test.note.written'`))[0].n;

describe('idempotent staff routes', () => {
  it('replay the first answer to the same caller, and refuse the key to another caller (422)', async () => {
    const key = crypto.randomUUID();
    const first = await write(admin, key, { text: 'hello' });
    expect(first.statusCode).toBe(201);
    const again = await write(admin, key, { text: 'hello' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Same key and body from another member: another request, whose answer would be the first caller's.
    const other = await write(nurse, key, { text: 'hello' });
    expect(other.statusCode).toBe(422);
    expect(other.body).not.toContain(first.json().by);
    expect(await notesWritten()).toBe(1);
  });

  it('scope keys to the route unless told otherwise, and store nothing for a failed request', async () => {
    const key = crypto.randomUUID();
    const before = await notesWritten();
    expect((await write(admin, key, { text: 'a' })).statusCode).toBe(201);
    const elsewhere = await write(admin, key, { text: 'a' }, '/api/test-notes/other');
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();

    const failing = crypto.randomUUID();
    expect((await write(admin, failing, { text: 'b', fail: true })).statusCode).toBe(409);
    expect(await rows(t.database.db, sql`select key from idempotency_keys where key = ${failing}`)).toEqual([]);
    expect((await write(admin, failing, { text: 'b' })).statusCode).toBe(201);
    expect((await notesWritten()) - before).toBe(3);
  });
});

describe('requestHash', () => {
  it('is the same for the same request in any key order, and differs for another', () => {
    expect(requestHash({ body: { a: 1, b: [1, { c: 2, d: 3 }] }, clinicId: 'x' })).toBe(
      requestHash({ clinicId: 'x', body: { b: [1, { d: 3, c: 2 }], a: 1, skipped: undefined } }),
    );
    expect(requestHash({ body: { a: 1 } })).not.toBe(requestHash({ body: { a: 2 } }));
    expect(requestHash({ body: [1, 2] })).not.toBe(requestHash({ body: [2, 1] }));
  });
});
