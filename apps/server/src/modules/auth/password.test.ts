import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditEventsOf, createOtherOrganization, freshAddress, memberIdOf, rows, signInAs, signUpAs, useTestApp } from '../../test/harness.js';

const t = useTestApp();

const STRICT = { minLength: 10, requireSymbols: true, requireNumbers: true, requireUppercase: true };
const GOOD = 'Good-pass-2026';

let organizations = 0;
/** A new organization whose Owner set a strict password policy. */
async function strictClinic() {
  organizations += 1;
  const owner = await createOtherOrganization(t.app, `owner-${organizations}@policy.test`);
  const res = await t.as(owner.headers).put('/api/organizations/settings', { security: { passwordPolicy: STRICT } });
  expect(res.statusCode).toBe(200);
  return owner;
}

/** Invites `email` as a Doctor: the invitation's token. */
async function invitation(owner: { headers: Record<string, string> }, email: string) {
  const res = await t.as(owner.headers).post('/api/organizations/invite', { email, role: 'Doctor' }, { remoteAddress: freshAddress() });
  return res.json().invitation.token as string;
}

/** A member of a strict organization, with a password chosen before the policy bound them. */
async function strictMember() {
  const owner = await strictClinic();
  const email = `member-${organizations}@policy.test`;
  const token = await invitation(owner, email);
  const headers = await signUpAs(t.app, email, 'secret-pass');
  expect((await t.as(headers).post(`/api/organizations/invitations/${token}/accept`, {})).statusCode).toBe(200);
  return { owner, email, headers, memberId: await memberIdOf(t.database.db, owner.organizationId, email) };
}

afterEach(() => vi.useRealTimers());

describe("the organization's password policy at each entry point", () => {
  it('signing up from an invitation: a password short of the policy is refused with every shortfall, a good one is taken', async () => {
    const owner = await strictClinic();
    const token = await invitation(owner, 'newcomer@policy.test');
    const weak = await t.anon.post(
      '/api/auth/sign-up',
      { email: 'newcomer@policy.test', password: 'lowercase', invitationToken: token },
      { remoteAddress: freshAddress() },
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('auth/password-policy');
    expect(weak.json().issues.map((i: { message: string }) => i.message)).toEqual([
      'Password must be at least 10 characters.',
      'Password must contain an uppercase letter.',
      'Password must contain a number.',
      'Password must contain a symbol.',
    ]);
    expect(await rows(t.database.db, sql`select id from users where email = 'newcomer@policy.test'`)).toEqual([]);
    const good = await t.anon.post(
      '/api/auth/sign-up',
      { email: 'newcomer@policy.test', password: GOOD, invitationToken: token },
      { remoteAddress: freshAddress() },
    );
    expect(good.statusCode).toBe(201);
  });

  it("changing the password: the current one is checked, then the policy; the member's other sessions end", async () => {
    const { email, headers } = await strictMember();
    const other = await signInAs(t.app, email, 'secret-pass');
    expect((await t.as(headers).post('/api/auth/password', { currentPassword: 'wrong-one', newPassword: GOOD })).json().code).toBe(
      'auth/wrong-current-password',
    );
    const weak = await t.as(headers).post('/api/auth/password', { currentPassword: 'secret-pass', newPassword: 'Short-1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('auth/password-policy');
    expect((await t.as(other).get('/api/auth/session')).statusCode).toBe(200);

    const changed = await t.as(headers).post('/api/auth/password', { currentPassword: 'secret-pass', newPassword: GOOD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().sessionsEnded).toBe(1);
    expect((await t.as(other).get('/api/auth/session')).statusCode).toBe(401);
    expect((await t.as(headers).get('/api/auth/session')).statusCode).toBe(200);
    expect((await t.anon.post('/api/auth/sign-in', { email, password: 'secret-pass' }, { remoteAddress: freshAddress() })).statusCode).toBe(401);
    expect((await t.anon.post('/api/auth/sign-in', { email, password: GOOD }, { remoteAddress: freshAddress() })).statusCode).toBe(200);
    expect((await auditEventsOf(t.database.db, 'auth.password-changed')).length).toBeGreaterThan(0);
  });

  it("resetting from an Admin's link: the policy applies, the link works once, every session ends", async () => {
    const { owner, email, headers, memberId } = await strictMember();
    const link = await t.as(owner.headers).post(`/api/organizations/members/${memberId}/password-reset-link`);
    expect(link.statusCode).toBe(200);
    const token = new URL(link.json().resetUrl).searchParams.get('reset')!;
    expect((await auditEventsOf(t.database.db, 'member.password-reset-link-created')).some((a) => a.details?.email === email)).toBe(true);

    const weak = await t.anon.post('/api/auth/password/reset', { token, newPassword: 'weakpassword' }, { remoteAddress: freshAddress() });
    expect(weak.json().code).toBe('auth/password-policy');
    const done = await t.anon.post('/api/auth/password/reset', { token, newPassword: GOOD }, { remoteAddress: freshAddress() });
    expect(done.statusCode).toBe(200);
    expect((await t.as(headers).get('/api/auth/session')).statusCode).toBe(401);
    const again = await t.anon.post('/api/auth/password/reset', { token, newPassword: 'Another-pass-1' }, { remoteAddress: freshAddress() });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('auth/invalid-link');
    expect((await t.anon.post('/api/auth/sign-in', { email, password: GOOD }, { remoteAddress: freshAddress() })).statusCode).toBe(200);
  });
});

describe('forgot password', () => {
  it('mails a link to an existing account and answers the same for an unknown e-mail, mailing nothing', async () => {
    const email = `forgetful-${Date.now()}@example.test`;
    await signUpAs(t.app, email);
    const known = await t.anon.post('/api/auth/password/forgot', { email }, { remoteAddress: freshAddress() });
    const unknown = await t.anon.post('/api/auth/password/forgot', { email: 'nobody-here@example.test' }, { remoteAddress: freshAddress() });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await vi.waitFor(() => expect(t.mailer.lastTo(email)).toBeDefined());
    expect(t.mailer.lastTo('nobody-here@example.test')).toBeUndefined();
    expect(t.mailer.lastTo(email)!.text).toMatch(/\/login\?reset=/);
  });

  it('a mailed link ends after 30 minutes', async () => {
    const email = `late-${Date.now()}@example.test`;
    await signUpAs(t.app, email);
    await t.anon.post('/api/auth/password/forgot', { email }, { remoteAddress: freshAddress() });
    await vi.waitFor(() => expect(t.mailer.lastTo(email)).toBeDefined());
    const token = new URL(t.mailer.lastTo(email)!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('reset')!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    const late = await t.anon.post('/api/auth/password/reset', { token, newPassword: GOOD }, { remoteAddress: freshAddress() });
    expect(late.json().code).toBe('auth/invalid-link');
  });

  it('a link still works at 29 minutes', async () => {
    const email = `ontime-${Date.now()}@example.test`;
    await signUpAs(t.app, email);
    await t.anon.post('/api/auth/password/forgot', { email }, { remoteAddress: freshAddress() });
    await vi.waitFor(() => expect(t.mailer.lastTo(email)).toBeDefined());
    const token = new URL(t.mailer.lastTo(email)!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('reset')!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 29 * 60_000);
    expect((await t.anon.post('/api/auth/password/reset', { token, newPassword: GOOD }, { remoteAddress: freshAddress() })).statusCode).toBe(200);
  });
});
