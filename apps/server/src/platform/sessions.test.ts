import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOtherOrganization, createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

describe("the inactivity timeout binds a session in every organization it can read (finding 3)", () => {
  it('a member of A (5 minutes) working in B (720 minutes) cannot keep reading A after 5 idle minutes', async () => {
    // Only Date is faked: the database and the server's own timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T09:00:00Z') });
    const a = await createOtherOrganization(t.app, 'strict-a@example.org');
    const tighten = await t.app.inject({
      method: 'PUT',
      url: '/api/organizations',
      headers: a.headers,
      payload: { settings: { sessionTimeoutMinutes: 5 } },
    });
    expect(tighten.statusCode).toBe(200);
    const b = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: a.headers, payload: { name: 'Lenient B' } });
    expect(b.statusCode).toBe(201);
    const relax = await t.app.inject({
      method: 'PUT',
      url: `/api/organizations?organizationId=${b.json().organization.id}`,
      headers: a.headers,
      payload: { settings: { sessionTimeoutMinutes: 720 } },
    });
    expect(relax.statusCode).toBe(200);
    // B is now the current organization; A's records stay reachable with ?organizationId=A.
    expect((await get(`/api/organizations?organizationId=${a.organizationId}`, a.headers)).statusCode).toBe(200);

    vi.setSystemTime(new Date('2026-11-23T09:04:50Z'));
    expect((await get(`/api/organizations?organizationId=${a.organizationId}`, a.headers)).statusCode).toBe(200);

    vi.setSystemTime(new Date('2026-11-23T09:10:00Z'));
    const late = await get(`/api/organizations?organizationId=${a.organizationId}`, a.headers);
    expect(late.statusCode).toBe(401);
    // The session is gone for B as well: one session, one (strictest) timeout.
    expect((await get('/api/auth/session', a.headers)).statusCode).toBe(401);
  });

  it('without any membership the default 30 minutes apply', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T12:00:00Z') });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email: 'loner@example.org', password: 'long-enough-pass' } });
    const headers = { authorization: `Bearer ${res.json().token}` };
    vi.setSystemTime(new Date('2026-11-23T12:29:00Z'));
    expect((await get('/api/auth/session', headers)).statusCode).toBe(200);
    vi.setSystemTime(new Date('2026-11-23T12:59:30Z'));
    expect((await get('/api/auth/session', headers)).statusCode).toBe(401);
  });
});
