import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noMailer } from '../../platform/mail.js';
import {
  auditEventsOf,
  createTestApp,
  mailedVerificationToken,
  rows,
  signInAs,
  signUpAs,
  type TestApp,
} from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const put = (url: string, headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers, payload });

async function inviteAsDemoAdmin(email: string, role = 'Admin') {
  const res = await post('/api/organizations/invite', await signInAs(t.app, 'admin@demo.clinic'), { email, role });
  expect(res.statusCode).toBe(201);
  return res.json().invitation as { token: string };
}

const membershipsOf = (email: string) =>
  rows(t.database.db, sql`select m.role from organization_members m join users u on u.id = m.user_id where u.email = ${email}`);

describe('an invitation cannot be taken by signing up with the invited address (finding 1)', () => {
  it('a stranger who signs up with an invited Admin address is offered nothing and cannot join by switching', async () => {
    await inviteAsDemoAdmin('newdoc@hospital.test');
    const stranger = await signUpAs(t.app, 'newdoc@hospital.test');

    const available = (await get('/api/org/available', stranger)).json().organizations;
    expect(available).toEqual([]);
    const switched = await post('/api/org/switch', stranger, { organizationId: 'default-clinic' });
    expect(switched.statusCode).toBe(403);
    const profile = await put('/api/auth/profile', stranger, { organizationId: 'default-clinic' });
    expect(profile.statusCode).toBe(403);
    const patients = await get('/api/patients?organizationId=default-clinic', stranger);
    expect(patients.statusCode).toBe(403);
    expect(await membershipsOf('newdoc@hospital.test')).toEqual([]);
    const invitation = await rows(t.database.db, sql`select status from invitations where email = 'newdoc@hospital.test'`);
    expect(invitation).toEqual([{ status: 'Pending' }]);
  });

  it('whoever holds the token joins with it, and the address then counts as verified', async () => {
    const { token } = await inviteAsDemoAdmin('token-holder@hospital.test', 'Doctor');
    const invitee = await signUpAs(t.app, 'token-holder@hospital.test');
    expect((await get('/api/auth/session', invitee)).json().user.emailVerified).toBe(false);
    const accepted = await post(`/api/organizations/invitations/${token}/accept`, invitee);
    expect(accepted.statusCode).toBe(200);
    expect(await membershipsOf('token-holder@hospital.test')).toEqual([{ role: 'Doctor' }]);
    expect((await get('/api/auth/session', invitee)).json().user.emailVerified).toBe(true);
  });

  it('a verified address is offered its invitations and may accept one by choosing it', async () => {
    await inviteAsDemoAdmin('verified-invitee@hospital.test', 'Nurse');
    const invitee = await signUpAs(t.app, 'verified-invitee@hospital.test');
    const verified = await post('/api/auth/verify-email', {}, { token: mailedVerificationToken(t.mailer, 'verified-invitee@hospital.test') });
    expect(verified.statusCode).toBe(200);
    const available = (await get('/api/org/available', invitee)).json().organizations;
    expect(available).toEqual([expect.objectContaining({ id: 'default-clinic', invited: true })]);
    expect((await post('/api/org/switch', invitee, { organizationId: 'default-clinic' })).statusCode).toBe(200);
    expect(await membershipsOf('verified-invitee@hospital.test')).toEqual([{ role: 'Nurse' }]);
  });
});

describe('e-mail verification', () => {
  it('sign-up mails a link; following it verifies the address once, and a retry of it answers the same', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email: 'new.person@example.org', password: 'long-enough-pass' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ verificationSent: true, user: { emailVerified: false } });
    const mail = t.mailer.lastTo('new.person@example.org')!;
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toMatch(/^http:\/\/localhost(:\d+)?\/verify-email\?token=/m);

    const token = mailedVerificationToken(t.mailer, 'new.person@example.org');
    const first = await post('/api/auth/verify-email', {}, { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, email: 'new.person@example.org' });
    const again = await post('/api/auth/verify-email', {}, { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const [user] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'new.person@example.org'`);
    const audits = (await auditEventsOf(t.database.db, 'auth.email-verified')).filter((a) => a.entity_id === user.id);
    expect(audits).toHaveLength(1);
  });

  it('an unknown or expired link is refused with one message and verifies nothing', async () => {
    const headers = await signUpAs(t.app, 'expired-link@example.org');
    const token = mailedVerificationToken(t.mailer, 'expired-link@example.org');
    await rows(t.database.db, sql`update email_verifications set expires_at = now() - interval '1 minute' where email = 'expired-link@example.org'`);
    const expired = await post('/api/auth/verify-email', {}, { token });
    const unknown = await post('/api/auth/verify-email', {}, { token: 'x'.repeat(43) });
    expect([expired.statusCode, unknown.statusCode]).toEqual([400, 400]);
    expect(expired.json().message).toBe(unknown.json().message);
    expect((await get('/api/auth/session', headers)).json().user.emailVerified).toBe(false);
  });

  it('an address may follow at most 20 links a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', remoteAddress: '10.99.0.1', payload: { token: `unknown-token-${i}-xxxxxxxx` } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('a malformed token is a 400 before anything is read', async () => {
    const res = await post('/api/auth/verify-email', {}, { token: "' or 1=1 --" });
    expect(res.statusCode).toBe(400);
  });

  it('resend mails a new link, at most five an hour, and says when already verified', async () => {
    const headers = await signUpAs(t.app, 'resender@example.org');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await post('/api/auth/verify-email/resend', headers)).statusCode);
    // Sign-up's own mail counts: four resends go out, the fifth is refused.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(t.mailer.sent.filter((m) => m.to === 'resender@example.org')).toHaveLength(5);

    const admin = await signInAs(t.app, 'admin@demo.clinic');
    expect((await post('/api/auth/verify-email/resend', admin)).json()).toEqual({ success: true, alreadyVerified: true });
    expect((await post('/api/auth/verify-email/resend', {})).statusCode).toBe(401);
  });
});

describe('without mail configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ mailer: noMailer });
  });
  afterAll(() => bare.close());

  it('sign-up succeeds and says no link was sent; resend answers 503', async () => {
    const res = await bare.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email: 'no-mail@example.org', password: 'long-enough-pass' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ verificationSent: false, user: { emailVerified: false } });
    const headers = { authorization: `Bearer ${res.json().token}` };
    const resend = await bare.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers });
    expect(resend.statusCode).toBe(503);
    expect(await rows(bare.database.db, sql`select 1 from email_verifications`)).toEqual([]);
  });
});
