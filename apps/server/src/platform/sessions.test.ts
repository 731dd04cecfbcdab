import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOtherOrganization, useTestApp } from '../test/harness.js';
import { resolveSession } from './sessions.js';

const t = useTestApp({ seed: false });
afterEach(() => {
  vi.useRealTimers();
});

describe('the inactivity timeout binds a session in every organization it can read', () => {
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

describe("a member's own session timeout may only shorten the organization's, and is enforced", () => {
  it("a session idle longer than the member's timeout but shorter than the organization's ends with the organization's answer", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T09:00:00Z') });
    // The organization's own timeout, for the answer it gives.
    const strict = t.as((await createOtherOrganization(t.app, 'org-timeout@example.org')).headers);
    expect((await strict.put('/api/organizations', { settings: { sessionTimeoutMinutes: 10 } })).statusCode).toBe(200);
    // A member who keeps 60 minutes from the organization but chose 10 for themself.
    const member = t.as((await createOtherOrganization(t.app, 'own-timeout@example.org')).headers);
    expect((await member.put('/api/organizations', { settings: { sessionTimeoutMinutes: 60 } })).statusCode).toBe(200);
    const saved = await member.post('/api/settings', { settings: { security: { authentication: { sessionTimeout: 10 } } } });
    expect(saved.statusCode).toBe(200);

    vi.setSystemTime(new Date('2026-11-24T09:09:50Z'));
    expect((await member.get('/api/user/security')).statusCode).toBe(200);
    expect((await strict.get('/api/user/security')).statusCode).toBe(200);

    // 10 min 10 s idle: past the member's 10 minutes, well within the organization's 60.
    vi.setSystemTime(new Date('2026-11-24T09:20:00Z'));
    const byOrganization = await strict.get('/api/user/security');
    const byMember = await member.get('/api/user/security');
    expect(byOrganization.statusCode).toBe(401);
    expect(byMember.statusCode).toBe(byOrganization.statusCode);
    expect(byMember.json()).toEqual(byOrganization.json());
    // The session is ended, not only refused once.
    expect((await member.get('/api/auth/session')).statusCode).toBe(401);
  });

  it("without a choice of their own the organization's timeout applies", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T09:00:00Z') });
    const member = t.as((await createOtherOrganization(t.app, 'no-choice@example.org')).headers);
    expect((await member.put('/api/organizations', { settings: { sessionTimeoutMinutes: 60 } })).statusCode).toBe(200);
    expect((await member.post('/api/settings', { settings: { appearance: { theme: 'dark' } } })).statusCode).toBe(200);
    vi.setSystemTime(new Date('2026-11-25T09:45:00Z'));
    expect((await member.get('/api/user/security')).statusCode).toBe(200);
  });
});

describe("the session's user, read on every request", () => {
  it('carries none of the secrets: no password hash, no second-factor secret or backup codes', async () => {
    const res = await t.anon.post('/api/auth/sign-up', { email: 'no-secrets@example.org', password: 'long-enough-pass' });
    const session = await resolveSession(t.appDatabase.db, res.json().token, Date.now(), '127.0.0.1');
    expect(session?.user.email).toBe('no-secrets@example.org');
    const keys = Object.keys(session!.user);
    for (const secret of ['passwordHash', 'mfaSecret', 'mfaPendingSecret', 'mfaBackupCodes', 'mfaLastStep']) expect(keys).not.toContain(secret);
    expect(keys).toContain('mfaEnabledAt');
  });
});
