import { errorResponse } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../app.js';
import { memberIdOf, rows, signUpAs, useTestApp } from '../test/harness.js';
import { accessPlugin } from './access.js';
import { registerErrorHandler } from './errors.js';

/** `t.inject`, `t.get`, … are the demo Owner's requests; `t.app.inject` sends no credentials. */
const t = useTestApp({ as: 'owner' });
let viewerId: string;
beforeAll(async () => {
  viewerId = await memberIdOf(t.database.db, 'default-clinic', 'viewer@demo.clinic');
});

const DATA_TABLES = ['users', 'organizations', 'clinics', 'organization_members', 'invitations'] as const;
/** A fingerprint of every row of the tables a bad request could write to. */
async function fingerprint(): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const table of DATA_TABLES) {
    const [row] = await rows<{ h: string | null }>(
      t.database.db,
      sql`select md5(string_agg(x::text, '|' order by x::text)) as h from ${sql.raw(table)} x`,
    );
    out[table] = row.h;
  }
  return out;
}

/** A clear 4xx in the one error shape. */
function expectClientError(res: LightMyRequestResponse, status?: number, code?: string) {
  const label = `${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, label).toBeLessThan(500);
  if (status) expect(res.statusCode, label).toBe(status);
  const body = errorResponse.parse(res.json());
  expect(body.error).toBe(body.message);
  expect(body.message.length).toBeGreaterThan(0);
  if (code) expect(body.code).toBe(code);
  return body;
}

type Method = 'POST' | 'PUT' | 'PATCH';
const writeEndpoints = (): Array<[Method, string]> => [
  ['POST', '/api/auth/sign-up'],
  ['POST', '/api/auth/sign-in'],
  ['PUT', '/api/auth/profile'],
  ['POST', '/api/organizations'],
  ['PUT', '/api/organizations'],
  ['POST', '/api/clinics'],
  ['POST', '/api/org/switch'],
  ['POST', '/api/organizations/invite'],
  ['PATCH', `/api/organizations/members/${viewerId}`],
];
const raw = (method: Method, url: string, payload: string, headers: Record<string, string> = {}) =>
  t.inject({ method, url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('malformed and mistyped bodies', () => {
  it('malformed JSON is 400 request/invalid-json on every endpoint that takes a body, and nothing is written', async () => {
    const before = await fingerprint();
    for (const [method, url] of writeEndpoints()) {
      for (const body of ['{"email":', '{name: "x"}', "{'a': 1}", '{"a":1}}', 'undefined', '\u0000']) {
        expectClientError(await raw(method, url, body), 400, 'request/invalid-json');
      }
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('a JSON value that is not an object (null, array, string, number, true) is a 4xx everywhere, never a 500', async () => {
    const before = await fingerprint();
    for (const [method, url] of writeEndpoints()) {
      for (const body of ['null', '[]', '[{"name":"x"}]', '"text"', '42', 'true']) {
        expectClientError(await raw(method, url, body));
      }
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('wrong types are 400 validation/invalid naming each field', async () => {
    const res = await raw('POST', '/api/auth/sign-in', JSON.stringify({ email: 123, password: true }));
    const body = expectClientError(res, 400, 'validation/invalid');
    expect(body.issues?.map((i) => i.path).sort()).toEqual(['email', 'password']);

    const org = await raw('POST', '/api/organizations', JSON.stringify({ name: ['x'], type: 7, email: {} }));
    expect(
      expectClientError(org, 400, 'validation/invalid')
        .issues?.map((i) => i.path)
        .sort(),
    ).toEqual(['email', 'name', 'type']);

    const member = await raw('PATCH', `/api/organizations/members/${viewerId}`, JSON.stringify({ permissions: { canManageUsers: 'true' } }));
    expectClientError(member, 400, 'validation/invalid');
    const settings = await raw('PUT', '/api/organizations', JSON.stringify({ settings: { maxUsers: '10', sessionTimeoutMinutes: 1.5 } }));
    expectClientError(settings, 400, 'validation/invalid');
  });

  it('missing fields are 400 with an issue for each', async () => {
    const before = await fingerprint();
    expect(
      expectClientError(await raw('POST', '/api/auth/sign-up', '{}'), 400)
        .issues?.map((i) => i.path)
        .sort(),
    ).toEqual(['email', 'password']);
    expect(expectClientError(await raw('POST', '/api/organizations', '{"type":"clinic"}'), 400).issues?.[0].path).toBe('name');
    expect(expectClientError(await raw('POST', '/api/organizations/invite', '{"email":"x@example.org"}'), 400).issues?.[0].path).toBe('role');
    expectClientError(await raw('POST', '/api/org/switch', '{}'), 400, 'validation/invalid');
    expectClientError(await raw('PUT', '/api/auth/profile', '{}'), 400, 'validation/invalid');
    expect(await fingerprint()).toEqual(before);
  });

  it('an empty body sent as JSON is 400', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/organizations', headers: { 'content-type': 'application/json' } });
    expectClientError(res, 400);
  });

  it('deeply nested JSON (half a million levels) is a 4xx, not a crash', async () => {
    const before = await fingerprint();
    const arrays = '['.repeat(500_000) + ']'.repeat(500_000);
    const objects = '{"a":'.repeat(150_000) + '1' + '}'.repeat(150_000);
    expectClientError(await raw('POST', '/api/organizations', arrays));
    expectClientError(await raw('PUT', '/api/organizations', objects));
    expectClientError(await raw('PATCH', `/api/organizations/members/${viewerId}`, `{"permissions":${objects}}`));
    expectClientError(await raw('POST', '/api/auth/sign-in', `{"email":${objects}}`));
    expect(await fingerprint()).toEqual(before);
  });

  it('a body that tries to set the object prototype is refused', async () => {
    const before = await fingerprint();
    const res = await raw('POST', '/api/organizations', '{"name":"Proto Care","__proto__":{"role":"Owner"}}');
    expectClientError(res, 400);
    expect(await fingerprint()).toEqual(before);
  });
});

describe('over-long input', () => {
  const long = (n: number) => 'x'.repeat(n);
  it.each([
    ['an organization name of 201 characters', 'POST', '/api/organizations', { name: long(201) }],
    ['a description of 5001 characters', 'POST', '/api/organizations', { name: 'Fine', description: long(5001) }],
    ['an address of 501 characters', 'POST', '/api/clinics', { name: 'Fine', address: long(501) }],
    ['a phone of 41 characters', 'POST', '/api/clinics', { name: 'Fine', phone: long(41) }],
    ['an e-mail of 255 characters at sign-up', 'POST', '/api/auth/sign-up', { email: `${long(243)}@example.org`, password: 'secret-pass' }],
    ['a password of 257 characters', 'POST', '/api/auth/sign-in', { email: 'owner@demo.clinic', password: long(257) }],
    [
      'a first name of 101 characters',
      'POST',
      '/api/auth/sign-up',
      { email: 'long-name@example.org', password: 'secret-pass', firstName: long(101) },
    ],
    ['a title of 201 characters', 'PATCH', '/api/organizations/members/VIEWER', { title: long(201) }],
    ['an organizationId of 101 characters', 'POST', '/api/org/switch', { organizationId: long(101) }],
    ['a renamed organization of 201 characters', 'PUT', '/api/organizations', { name: long(201) }],
    ['a settings timezone of 65 characters', 'PUT', '/api/organizations', { settings: { timezone: long(65) } }],
  ] as const)('%s is refused with 400 and nothing is written', async (_label, method, url, payload) => {
    const before = await fingerprint();
    const res = await raw(method, url.replace('VIEWER', viewerId), JSON.stringify(payload));
    expectClientError(res, 400);
    expect(await fingerprint()).toEqual(before);
  });

  it('a body over 1 MiB is 413 request/too-large', async () => {
    const before = await fingerprint();
    const payload = JSON.stringify({ name: 'Big', description: 'x'.repeat(BODY_LIMIT) });
    expectClientError(await raw('POST', '/api/organizations', payload), 413, 'request/too-large');
    expect(await fingerprint()).toEqual(before);
  });

  it('a body just under 1 MiB is parsed and answered by its contract (400 for the long description)', async () => {
    const payload = JSON.stringify({ name: 'Big', description: 'x'.repeat(BODY_LIMIT - 100) });
    expectClientError(await raw('POST', '/api/organizations', payload), 400, 'validation/invalid');
  });
});

describe('content type and origin', () => {
  it.each([
    ['text/plain', 'name=Plain'],
    ['application/x-www-form-urlencoded', 'name=Form+Care'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nForm\r\n--x--'],
    ['text/html', '<form></form>'],
  ])('a POST sent as %s is 415 and nothing is written', async (type, body) => {
    const before = await fingerprint();
    const res = await t.inject({ method: 'POST', url: '/api/organizations', headers: { 'content-type': type }, payload: body });
    expectClientError(res, 415, 'request/media-type');
    expect(await fingerprint()).toEqual(before);
  });

  it('a POST with a body and no content type is 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': '' }, payload: '{"email":"a@b.org"}' });
    expectClientError(res, 415, 'request/media-type');
  });

  it('JSON with a charset is accepted', async () => {
    const res = await raw('POST', '/api/auth/sign-in', JSON.stringify({ email: 'nurse@demo.clinic', password: 'demo-password' }), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([['https://evil.example'], ['http://localhost.evil.example'], ['null'], ['not a url']])(
    'a POST from the origin %s is 403 and nothing is written',
    async (origin) => {
      const before = await fingerprint();
      const res = await t.inject({
        method: 'POST',
        url: '/api/organizations',
        headers: { host: 'clinic.test', origin },
        payload: { name: 'Cross Site Care' },
      });
      expectClientError(res, 403, 'request/origin');
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { host: 'clinic.test', origin },
        payload: { email: 'owner@demo.clinic', password: 'demo-password' },
      });
      expectClientError(signIn, 403, 'request/origin');
      expect(signIn.headers['set-cookie']).toBeUndefined();
      expect(await fingerprint()).toEqual(before);
    },
  );

  it('a POST from the same origin passes the origin check', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: { ...(await signUpAs(t.app, 'same-site@example.org')), host: 'clinic.test', origin: 'http://clinic.test' },
      payload: { name: 'Same Site Care' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('a cross-origin GET is not refused by the origin check (reads change nothing)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'clinic.test', origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('unknown ids and paths', () => {
  it.each([
    ['GET', '/api/clinics/organization/no-such-org', 404],
    ['PATCH', '/api/organizations/members/no-such-member', 404],
    ['POST', '/api/organizations/invitations/unknown-token-0123456789/accept', 404],
    ['GET', '/api/no-such-endpoint', 404],
    ['DELETE', '/api/health', 404],
  ] as const)('%s %s is %i in the error shape', async (method, url, status) => {
    const before = await fingerprint();
    const res = await t.inject({ method, url, payload: method === 'PATCH' ? { role: 'Staff' } : undefined });
    expectClientError(res, status);
    expect(await fingerprint()).toEqual(before);
  });

  it('a path id longer than the router accepts is a 400 in the error shape', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/clinics/organization/${'a'.repeat(300)}` });
    expectClientError(res, 400, 'request/invalid-url');
    const token = await t.inject({ method: 'POST', url: `/api/organizations/invitations/${'b'.repeat(300)}/accept` });
    expectClientError(token, 400, 'request/invalid-url');
  });
});

describe('injection strings', () => {
  const injections = ["' OR 1=1 --", "'; DROP TABLE users; --", '<script>alert(1)</script>', '../../etc/passwd', '${7*7}'];

  it.each(injections.map((s) => [s]))('%s as an id in a path is 400 and changes nothing', async (value) => {
    const before = await fingerprint();
    const id = encodeURIComponent(value);
    for (const res of [
      await t.inject({ method: 'GET', url: `/api/clinics/organization/${id}` }),
      await t.inject({ method: 'PATCH', url: `/api/organizations/members/${id}`, payload: { role: 'Owner' } }),
      await t.inject({ method: 'POST', url: `/api/organizations/invitations/${id}/accept` }),
    ]) {
      expectClientError(res);
      expect(res.body).not.toContain('<script>');
    }
    expect(await fingerprint()).toEqual(before);
  });

  it.each(injections.map((s) => [s]))('%s as an organization or clinic id in a query or body is a 4xx and changes nothing', async (value) => {
    const before = await fingerprint();
    const q = encodeURIComponent(value);
    const calls = [
      t.inject({ method: 'GET', url: `/api/organizations/members?organizationId=${q}` }),
      t.inject({ method: 'GET', url: `/api/organizations?organizationId=${q}` }),
      t.inject({ method: 'GET', url: `/api/organizations/stats?clinicId=${q}` }),
      t.inject({ method: 'POST', url: '/api/org/switch', payload: { organizationId: value } }),
      t.inject({ method: 'PUT', url: '/api/auth/profile', payload: { organizationId: 'default-clinic', clinicId: value } }),
      t.inject({ method: 'POST', url: '/api/clinics', payload: { organizationId: value, name: 'Injected' } }),
      t.inject({ method: 'PUT', url: '/api/organizations', payload: { organizationId: value, name: 'Injected' } }),
      t.inject({ method: 'POST', url: '/api/organizations/invite', payload: { email: 'x@example.org', role: value } }),
    ];
    for (const res of await Promise.all(calls)) {
      expectClientError(res);
      expect(res.body).not.toContain('<script>');
    }
    expect(await fingerprint()).toEqual(before);
  });

  it.each(injections.map((s) => [s]))('%s as the sign-in e-mail or password is a 4xx and signs nobody in', async (value) => {
    for (const payload of [
      { email: value, password: 'demo-password' },
      { email: 'owner@demo.clinic', password: value },
      { email: `owner@demo.clinic${value}`, password: 'demo-password' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload, remoteAddress: '10.99.0.1' });
      expectClientError(res);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('injection strings in a name are stored as plain text: exactly one row is added and reads back unchanged', async () => {
    for (const name of injections) {
      const [before] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from organizations`);
      const res = await t.inject({ method: 'POST', url: '/api/clinics', payload: { name, organizationId: 'default-clinic' } });
      expect(res.statusCode).toBe(201);
      expect(res.json().clinic.name).toBe(name);
      const [after] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from organizations`);
      expect(after.n).toBe(before.n);
      const list = (await t.inject({ method: 'GET', url: '/api/clinics/organization/default-clinic' })).json().clinics;
      expect(list.filter((c: { name: string }) => c.name === name)).toHaveLength(1);
    }
    expect(await rows(t.database.db, sql`select 1 from users limit 1`)).toHaveLength(1);
  });
});

describe('text the database cannot store', () => {
  it.each([
    ['an organization name', 'POST', '/api/organizations', { name: 'Null\u0000Care' }],
    ['a clinic name', 'POST', '/api/clinics', { name: 'Null\u0000Clinic' }],
    ['a sign-up first name', 'POST', '/api/auth/sign-up', { email: 'nul@example.org', password: 'secret-pass', firstName: 'A\u0000' }],
    ['a member title', 'PATCH', '/api/organizations/members/VIEWER', { title: 'Chief\u0000' }],
    [
      'an organizationId in the body',
      'POST',
      '/api/organizations/invite',
      { organizationId: 'default\u0000clinic', email: 'a@b.org', role: 'Staff' },
    ],
    ['a sign-in password', 'POST', '/api/auth/sign-in', { email: 'owner@demo.clinic', password: 'demo\u0000password' }],
  ] as const)('a NUL character in %s is a 4xx, not a 500, and nothing is written', async (_label, method, url, payload) => {
    const before = await fingerprint();
    const res = await raw(method, url.replace('VIEWER', viewerId), JSON.stringify(payload));
    expectClientError(res);
    expect(await fingerprint()).toEqual(before);
  });

  it('a NUL character in an organizationId query is a 4xx', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/organizations/stats?organizationId=a%00b' });
    expectClientError(res);
  });
});

describe('every /api route declares its access', () => {
  async function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
    const app = Fastify();
    registerErrorHandler(app);
    await app.register(accessPlugin, { db: t.database.db });
    await app.register(async (child) => register(child));
    return app;
  }

  it('building an app with an /api route that declares no access throws, naming the route', async () => {
    await expect(appWith((child) => child.get('/api/forgotten', async () => ({ secret: true })))).rejects.toThrow(
      'Route GET /api/forgotten declares no access requirement',
    );
    await expect(appWith((child) => child.post('/api/also-forgotten', { config: {} }, async () => ({ secret: true })))).rejects.toThrow(
      'Route POST /api/also-forgotten declares no access requirement',
    );
  });

  it('a route outside /api needs no declaration, and a declared /api route builds', async () => {
    const app = await appWith((child) => {
      child.get('/robots.txt', async () => 'ok');
      child.get('/api/declared', { config: { access: { public: true } } }, async () => ({ success: true }));
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/declared' })).json()).toEqual({ success: true });
    await app.close();
  });

  it('the real app builds, so each of its /api routes declares access; a signed-in route answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/session'],
      ['GET', '/api/organizations'],
      ['GET', '/api/organizations/members'],
      ['GET', '/api/org/available'],
      ['GET', '/api/events'],
      ['POST', '/api/organizations'],
      ['POST', '/api/auth/sign-out'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expectClientError(res, 401, 'auth/required');
    }
  });
});
