import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOtherOrganization, useTestApp } from '../test/harness.js';

const t = useTestApp({ seed: false });
afterEach(() => {
  vi.useRealTimers();
});

describe('the inactivity timeout binds a session in every organization it can read (finding 3)', () => {
  it('a member of A (5 minutes) working in B (720 minutes) cannot keep reading A after 5 idle minutes', async () => {
    // Only Date is faked: the database and the server's own timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T09:00:00Z') });
    const a = await createOtherOrganization(t.app, 'strict-a@example.org');
    const owner = t.as(a.headers);
    const tighten = await owner.put('/api/organizations', { settings: { sessionTimeoutMinutes: 5 } });
    expect(tighten.statusCode).toBe(200);
    const b = await owner.post('/api/organizations', { name: 'Lenient B' });
    expect(b.statusCode).toBe(201);
    const relax = await owner.put(`/api/organizations?organizationId=${b.json().organization.id}`, { settings: { sessionTimeoutMinutes: 720 } });
    expect(relax.statusCode).toBe(200);
    // B is now the current organization; A's records stay reachable with ?organizationId=A.
    expect((await owner.get(`/api/organizations?organizationId=${a.organizationId}`)).statusCode).toBe(200);

    vi.setSystemTime(new Date('2026-11-23T09:04:50Z'));
    expect((await owner.get(`/api/organizations?organizationId=${a.organizationId}`)).statusCode).toBe(200);

    vi.setSystemTime(new Date('2026-11-23T09:10:00Z'));
    const late = await owner.get(`/api/organizations?organizationId=${a.organizationId}`);
    expect(late.statusCode).toBe(401);
    // The session is gone for B as well: one session, one (strictest) timeout.
    expect((await owner.get('/api/auth/session')).statusCode).toBe(401);
  });

  it('without any membership the default 30 minutes apply', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T12:00:00Z') });
    const res = await t.anon.post('/api/auth/sign-up', { email: 'loner@example.org', password: 'long-enough-pass' });
    const loner = t.as({ authorization: `Bearer ${res.json().token}` });
    vi.setSystemTime(new Date('2026-11-23T12:29:00Z'));
    expect((await loner.get('/api/auth/session')).statusCode).toBe(200);
    vi.setSystemTime(new Date('2026-11-23T12:59:30Z'));
    expect((await loner.get('/api/auth/session')).statusCode).toBe(401);
  });
});
