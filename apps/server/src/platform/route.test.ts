import { organizationTimeZone } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { Tx } from '../db/client.js';
import { auditEventsOf, rows, signInAs, useTestApp } from '../test/harness.js';
import { accessPlugin } from './access.js';
import { AppError, registerErrorHandler } from './errors.js';
import { defineRoute, routePlugin, type TenantTx } from './route/index.js';

/**
 * The route helper on a small app of its own (the platform's plugins and two test routes) over the
 * same database as a full app, whose sign-in gives the sessions.
 */
const t = useTestApp();
let app: FastifyInstance;
let owner: Record<string, string>;
let ownerId: string;
const registered: RouteOptions[] = [];
const events: Array<Record<string, unknown>> = [];
let stopListening: () => Promise<void>;

const itemBody = z.object({ name: z.string().min(1), fail: z.boolean().optional() }).strict();
const itemQuery = z.object({ tag: z.enum(['a', 'b']).default('a') });
const itemParams = z.object({ id: z.string().max(5) });

beforeAll(async () => {
  owner = await signInAs(t.app, 'owner@demo.clinic');
  [{ id: ownerId }] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'owner@demo.clinic'`);
  stopListening = await t.appDatabase.listen('events', (payload) => events.push(JSON.parse(payload)));

  app = Fastify();
  registerErrorHandler(app);
  app.addHook('onRoute', (route) => void registered.push(route));
  await app.register(accessPlugin, { db: t.appDatabase.db });
  await app.register(routePlugin, { db: t.appDatabase.db });
  await app.register(async (child) => {
    defineRoute(
      child,
      {
        caller: 'session',
        method: 'POST',
        url: '/api/test-items/:id',
        summary: 'Make a test item',
        access: { permission: 'canManagePatients' },
        params: itemParams,
        query: itemQuery,
        body: itemBody,
        status: 201,
      },
      async (ctx, { params, query, body }) => {
        await ctx.audit('test.item.created', { type: 'test-item', id: params.id }, { tag: query.tag });
        await ctx.emit('patient.updated', params.id);
        await ctx.emit('queue.updated', params.id, { clinicId: 'clinic-elsewhere' });
        if (body.fail) throw new AppError('conflict/test', 'Refused after writing.');
        const [{ organization }] = await ctx.tx
          .execute<{ organization: string }>(sql`select current_setting('app.organization_id') as organization`)
          .then((r) => r.rows);
        return {
          success: true,
          params,
          query,
          body,
          tenant: ctx.tenant.organizationId,
          clinicId: ctx.tenant.clinicId,
          timeZone: ctx.tenant.timeZone,
          actor: ctx.actor,
          organization,
        };
      },
    );
    defineRoute(
      child,
      {
        caller: 'public',
        method: 'GET',
        url: '/api/test-board',
        summary: 'A test board',
        query: z.object({ size: z.coerce.number().int().max(9).default(3) }),
      },
      async (ctx, { query }) => ({
        success: true,
        size: query.size,
        tenant: ctx.tenant.organizationId,
        clinicId: ctx.tenant.clinicId,
        clinicName: ctx.tenant.clinicName,
        timeZone: ctx.tenant.timeZone,
        actor: ctx.actor,
      }),
    );
    defineRoute(
      child,
      {
        caller: 'public',
        method: 'POST',
        url: '/api/test-board/visits',
        summary: 'A test check-in',
        defaultOrganizationId: 'default-clinic',
        body: z.object({ name: z.string() }),
        status: 201,
      },
      async (ctx, { body }) => {
        await ctx.audit('test.board.visit', null, { name: body.name });
        return { success: true, tenant: ctx.tenant.organizationId };
      },
    );
  });
  await app.ready();
});
afterAll(async () => {
  await stopListening?.();
  await app?.close();
});

const post = (url: string, payload: unknown, headers = owner) => app.inject({ method: 'POST', url, payload: payload as object, headers });

async function demoTimeZone() {
  const [row] = await rows<{ settings: unknown }>(t.database.db, sql`select settings from organizations where id = 'default-clinic'`);
  return organizationTimeZone(row.settings);
}

/** Waits until the NOTIFY of `entityId` arrives (they arrive in commit order). */
async function eventOf(entityId: string) {
  for (let i = 0; i < 100 && !events.some((e) => e.entityId === entityId); i++) await new Promise((r) => setTimeout(r, 20));
  return events.find((e) => e.entityId === entityId);
}

describe("defineRoute, caller 'session'", () => {
  it('registers the access and the contract the access plugin, the API description and the conformance suite read', () => {
    const route = registered.find((r) => r.url === '/api/test-items/:id' && r.method === 'POST')!;
    expect(route.config).toEqual({
      access: { tenant: true, permission: 'canManagePatients' },
      contract: { summary: 'Make a test item', body: itemBody, query: itemQuery, status: 201 },
    });
    const board = registered.find((r) => r.url === '/api/test-board' && r.method === 'GET')!;
    expect(board.config).toMatchObject({ access: { public: true }, contract: { summary: 'A test board' } });
    expect(Object.keys((board.config as { contract: object }).contract)).toEqual(['summary', 'query']);
  });

  it('hands the handler parsed input, the tenant with its time zone, the actor and a transaction scoped to the organization', async () => {
    const res = await post('/api/test-items/it1?tag=b&organizationId=default-clinic', {
      name: 'Ann',
      organizationId: 'default-clinic',
      clinicId: 'default-clinic',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      params: { id: 'it1' },
      query: { tag: 'b' },
      // The tenant selectors every client adds are dropped before the (strict) body contract.
      body: { name: 'Ann' },
      tenant: 'default-clinic',
      clinicId: 'default-clinic',
      timeZone: await demoTimeZone(),
      actor: { userId: ownerId, ip: '127.0.0.1' },
      organization: 'default-clinic',
    });
  });

  it('audits with the organization, actor, address and clinic filled in, and emits to the organization on commit', async () => {
    await post('/api/test-items/it2', { name: 'Ben' });
    const [row] = (await auditEventsOf(t.database.db, 'test.item.created')).filter((e) => e.entity_id === 'it2');
    expect(row).toMatchObject({
      organization_id: 'default-clinic',
      actor_user_id: ownerId,
      entity_type: 'test-item',
      entity_id: 'it2',
      ip: '127.0.0.1',
      details: { clinicId: 'default-clinic', tag: 'a' },
    });
    expect(await eventOf('it2')).toMatchObject({ organizationId: 'default-clinic', clinicId: 'default-clinic', type: 'patient.updated' });
    // Commit order: the second event of the request has arrived once a later request's has.
    await post('/api/test-items/it2b', { name: 'Bo' });
    await eventOf('it2b');
    expect(events.filter((e) => e.entityId === 'it2' && e.type === 'queue.updated')).toEqual([
      expect.objectContaining({ organizationId: 'default-clinic', clinicId: 'clinic-elsewhere' }),
    ]);
  });

  it('writes neither the audit row nor the event when the handler fails after them', async () => {
    const failed = await post('/api/test-items/it3', { name: 'Cy', fail: true });
    expect(failed.statusCode).toBe(409);
    await post('/api/test-items/it4', { name: 'Di' });
    expect(await eventOf('it4')).toBeDefined();
    expect(events.some((e) => e.entityId === 'it3')).toBe(false);
    expect((await auditEventsOf(t.database.db, 'test.item.created')).some((e) => e.entity_id === 'it3')).toBe(false);
  });

  it('answers bad params, query or body with the one 400 shape, listing the fields, before any write', async () => {
    for (const [url, payload, path] of [
      ['/api/test-items/toolong', { name: 'Ed' }, 'id'],
      ['/api/test-items/it5?tag=c', { name: 'Ed' }, 'tag'],
      ['/api/test-items/it5', { name: '' }, 'name'],
      ['/api/test-items/it5', { name: 'Ed', extra: 1 }, ''],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode, url).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({
        success: false,
        error: 'Some fields are invalid.',
        message: 'Some fields are invalid.',
        code: 'validation/invalid',
      });
      expect(body.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await auditEventsOf(t.database.db, 'test.item.created')).some((e) => e.entity_id === 'it5')).toBe(false);
  });

  it('enforces the access the route states: a member without the permission gets 403, a stranger 401', async () => {
    const viewer = await signInAs(t.app, 'viewer@demo.clinic');
    expect((await post('/api/test-items/it6', { name: 'Flo' }, viewer)).statusCode).toBe(403);
    expect((await post('/api/test-items/it6', { name: 'Flo' }, {})).statusCode).toBe(401);
  });

  it('gives services a transaction type that a plain transaction is not', () => {
    expectTypeOf<TenantTx>().toExtend<Tx>();
    expectTypeOf<Tx>().not.toExtend<TenantTx>();
  });
});

describe("defineRoute, caller 'public'", () => {
  it('acts in the organization and clinic the query names, with nobody as the actor', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-board?organizationId=default-clinic&size=5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      size: 5,
      tenant: 'default-clinic',
      clinicId: 'default-clinic',
      timeZone: await demoTimeZone(),
      actor: { userId: null, ip: '127.0.0.1' },
    });
  });

  it('is a 404 for an unknown organization or clinic, and a 400 when none is named and the route has no default', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/test-board?organizationId=nowhere' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/test-board?organizationId=default-clinic&clinicId=nowhere' })).statusCode).toBe(404);
    const none = await app.inject({ method: 'GET', url: '/api/test-board' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'validation/invalid', issues: [{ path: 'organizationId' }] });
    expect((await app.inject({ method: 'GET', url: '/api/test-board?organizationId=default-clinic&size=99' })).statusCode).toBe(400);
  });

  it('falls back to the organization in the body, then to the route default, and audits with no actor', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test-board/visits', payload: { name: 'Gus' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().tenant).toBe('default-clinic');
    const [row] = (await auditEventsOf(t.database.db, 'test.board.visit')).filter((e) => e.details?.name === 'Gus');
    expect(row).toMatchObject({ organization_id: 'default-clinic', actor_user_id: null, ip: '127.0.0.1', details: { clinicId: 'default-clinic' } });
    const named = await app.inject({ method: 'POST', url: '/api/test-board/visits', payload: { name: 'Hal', organizationId: 'nowhere' } });
    expect(named.statusCode).toBe(404);
  });
});
