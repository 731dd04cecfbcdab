import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { noMailer } from '../../platform/mail.js';
import { auditEventsOf, mailedVerificationToken, rows, signUpAs, useTestApp } from '../../test/harness.js';

const t = useTestApp();

async function inviteAsDemoAdmin(email: string, role = 'Admin') {
  const res = await t.as('admin').post('/api/organizations/invite', { email, role });
  expect(res.statusCode).toBe(201);
  return res.json().invitation as { token: string };
}

const membershipsOf = (email: string) =>
  rows(t.database.db, sql`select m.role from organization_members m join users u on u.id = m.user_id where u.email = ${email}`);

describe('an invitation cannot be taken by signing up with the invited address', () => {
  it('a stranger who signs up with an invited Admin address is offered nothing and cannot join by switching', async () => {
    await inviteAsDemoAdmin('newdoc@hospital.test');
    const stranger = await signUpAs(t.app, 'newdoc@hospital.test');

    const available = (await t.as(stranger).get('/api/org/available')).json().organizations;
    expect(available).toEqual([]);
    const switched = await t.as(stranger).post('/api/org/switch', { organizationId: 'default-clinic' });
    expect(switched.statusCode).toBe(403);
    const profile = await t.as(stranger).put('/api/auth/profile', { organizationId: 'default-clinic' });
    expect(profile.statusCode).toBe(403);
    const patients = await t.as(stranger).get('/api/patients?organizationId=default-clinic');
    expect(patients.statusCode).toBe(403);
    expect(await membershipsOf('newdoc@hospital.test')).toEqual([]);
    const invitation = await rows(t.database.db, sql`select status from invitations where email = 'newdoc@hospital.test'`);
    expect(invitation).toEqual([{ status: 'Pending' }]);
  });

  it('whoever holds the token joins with it, and the address then counts as verified', async () => {
    const { token } = await inviteAsDemoAdmin('token-holder@hospital.test', 'Doctor');
    const invitee = await signUpAs(t.app, 'token-holder@hospital.test');
    expect((await t.as(invitee).get('/api/auth/session')).json().user.emailVerified).toBe(false);
    const accepted = await t.as(invitee).post(`/api/organizations/invitations/${token}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    expect(await membershipsOf('token-holder@hospital.test')).toEqual([{ role: 'Doctor' }]);
    expect((await t.as(invitee).get('/api/auth/session')).json().user.emailVerified).toBe(true);
  });

  it('a verified address is offered its invitations and may accept one by choosing it', async () => {
    await inviteAsDemoAdmin('verified-invitee@hospital.test', 'Nurse');
    const invitee = await signUpAs(t.app, 'verified-invitee@hospital.test');
    const verified = await t.anon.post('/api/auth/verify-email', { token: mailedVerificationToken(t.mailer, 'verified-invitee@hospital.test') });
    expect(verified.statusCode).toBe(200);
    const available = (await t.as(invitee).get('/api/org/available')).json().organizations;
    expect(available).toEqual([expect.objectContaining({ id: 'default-clinic', invited: true })]);
    expect((await t.as(invitee).post('/api/org/switch', { organizationId: 'default-clinic' })).statusCode).toBe(200);
    expect(await membershipsOf('verified-invitee@hospital.test')).toEqual([{ role: 'Nurse' }]);
  });
});

describe('e-mail verification', () => {
  it('sign-up mails a link; following it verifies the address once, and a retry of it answers the same', async () => {
    const res = await t.anon.post('/api/auth/sign-up', { email: 'new.person@example.org', password: 'long-enough-pass' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ verificationSent: true, user: { emailVerified: false } });
    const mail = t.mailer.lastTo('new.person@example.org')!;
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toMatch(/^http:\/\/localhost(:\d+)?\/verify-email\?token=/m);

    const token = mailedVerificationToken(t.mailer, 'new.person@example.org');
    const first = await t.anon.post('/api/auth/verify-email', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, email: 'new.person@example.org' });
    const again = await t.anon.post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const [user] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'new.person@example.org'`);
    const audits = (await auditEventsOf(t.database.db, 'auth.email-verified')).filter((a) => a.entity_id === user.id);
    expect(audits).toHaveLength(1);
  });

  it('an unknown or expired link is refused with one message and verifies nothing', async () => {
    const headers = await signUpAs(t.app, 'expired-link@example.org');
    const token = mailedVerificationToken(t.mailer, 'expired-link@example.org');
    await rows(
      t.database.db,
      sql`update email_verifications set expires_at = now() - interval '1 minute' where email = 'expired-link@example.org'`,
    );
    const expired = await t.anon.post('/api/auth/verify-email', { token });
    const unknown = await t.anon.post('/api/auth/verify-email', { token: 'x'.repeat(43) });
    expect([expired.statusCode, unknown.statusCode]).toEqual([400, 400]);
    expect(expired.json().message).toBe(unknown.json().message);
    expect((await t.as(headers).get('/api/auth/session')).json().user.emailVerified).toBe(false);
  });

  it('an address may follow at most 20 links a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await t.anon.post('/api/auth/verify-email', { token: `unknown-token-${i}-xxxxxxxx` }, { remoteAddress: '10.99.0.1' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('a malformed token is a 400 before anything is read', async () => {
    const res = await t.anon.post('/api/auth/verify-email', { token: "' or 1=1 --" });
    expect(res.statusCode).toBe(400);
  });

  it('resend mails a new link, at most five an hour, and says when already verified', async () => {
    const headers = await signUpAs(t.app, 'resender@example.org');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await t.as(headers).post('/api/auth/verify-email/resend', {})).statusCode);
    // Sign-up's own mail counts: four resends go out, the fifth is refused.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(t.mailer.sent.filter((m) => m.to === 'resender@example.org')).toHaveLength(5);

    expect((await t.as('admin').post('/api/auth/verify-email/resend', {})).json()).toEqual({ success: true, alreadyVerified: true });
    expect((await t.anon.post('/api/auth/verify-email/resend', {})).statusCode).toBe(401);
  });
});

describe('without mail configured', () => {
  const bare = useTestApp({ mailer: noMailer });

  it('sign-up succeeds and says no link was sent; resend answers 503', async () => {
    const res = await bare.anon.post('/api/auth/sign-up', { email: 'no-mail@example.org', password: 'long-enough-pass' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ verificationSent: false, user: { emailVerified: false } });
    const resend = await bare.as({ authorization: `Bearer ${res.json().token}` }).post('/api/auth/verify-email/resend');
    expect(resend.statusCode).toBe(503);
    expect(await rows(bare.database.db, sql`select 1 from email_verifications`)).toEqual([]);
  });
});
