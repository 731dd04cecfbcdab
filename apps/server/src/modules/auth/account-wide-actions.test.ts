import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it, vi } from 'vitest';
import { noMailer } from '../../platform/mail.js';
import {
  DEMO_PASSWORD,
  auditEventsOf,
  createOtherOrganization,
  freshAddress,
  memberIdOf,
  rows,
  signUpAs,
  useTestApp,
  type UsedTestApp,
} from '../../test/harness.js';

/**
 * Password, second factor and sign-in lock belong to the account, which may belong to several
 * organizations: an organization's Admin changes them only where the organization holds the
 * account's only membership. Otherwise the Admin can mail the member a reset link, which only the
 * mailbox's holder completes.
 */
const t = useTestApp();
const sign = (email: string, password = DEMO_PASSWORD) => t.anon.post('/api/auth/sign-in', { email, password }, { remoteAddress: freshAddress() });

let attackers = 0;
/** A self-signed-up Owner of a new organization who invited `email` (a demo account) as Viewer, and got them to accept. */
async function attackerWith(app: UsedTestApp, email: string) {
  attackers += 1;
  const attacker = await createOtherOrganization(app.app, `attacker-${attackers}@evil.test`);
  const invite = await app.as(attacker.headers).post('/api/organizations/invite', { email, role: 'Viewer' }, { remoteAddress: freshAddress() });
  expect(invite.statusCode).toBe(201);
  const accepted = await app.as(email).post(`/api/organizations/invitations/${invite.json().invitation.token}/accept`, {});
  expect(accepted.statusCode).toBe(200);
  return { ...attacker, memberId: await memberIdOf(app.database.db, attacker.organizationId, email) };
}

/** The account's password hash and second factor, to show they did not change. */
async function secretsOf(email: string) {
  const [row] = await rows(t.database.db, sql`select password_hash, mfa_secret, mfa_enabled_at from users where email = ${email}`);
  return row;
}

/** The organizations an action's audit rows were written in, for one member's e-mail. */
async function auditedIn(action: string, email: string) {
  return (await auditEventsOf(t.database.db, action))
    .filter((a) => a.details?.email === email)
    .map((a) => a.organization_id)
    .sort();
}

describe('an Admin of one organization, acting on the account of a member who also belongs to another', () => {
  it('a reset link is refused (403 access/account-wide, nothing made); the old password still signs in; both organizations see the refusal', async () => {
    const email = 'doctor@demo.clinic';
    const attacker = await attackerWith(t, email);
    const before = await secretsOf(email);

    const link = await t.as(attacker.headers).post(`/api/organizations/members/${attacker.memberId}/password-reset-link`);
    expect(link.statusCode).toBe(403);
    expect(link.json()).toMatchObject({ success: false, code: 'access/account-wide' });
    expect(link.json().message).toContain('Send them a password reset e-mail instead');
    expect(link.json().resetUrl).toBeUndefined();

    expect(await secretsOf(email)).toEqual(before);
    expect((await sign(email)).statusCode).toBe(200);
    const [{ n }] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from account_tokens k join users u on u.id = k.user_id where u.email = ${email} and k.purpose = 'password-reset'`,
    );
    expect(n).toBe(0);
    expect(await auditedIn('member.account-action-refused', email)).toEqual([attacker.organizationId, 'default-clinic'].sort());
  });

  it("resetting the second factor is refused; the member's sign-in still asks for it", async () => {
    const email = 'staff@demo.clinic';
    const enroll = await t.as(email).post('/api/auth/mfa/enroll');
    const secret = enroll.json().secret as string;
    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    expect((await t.as(email).post('/api/auth/mfa/confirm', { code })).statusCode).toBe(200);
    const attacker = await attackerWith(t, email);
    const before = await secretsOf(email);

    const reset = await t.as(attacker.headers).post(`/api/organizations/members/${attacker.memberId}/mfa/reset`);
    expect(reset.statusCode).toBe(403);
    expect(reset.json().code).toBe('access/account-wide');
    expect(await secretsOf(email)).toEqual(before);
    const signIn = await sign(email);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().code).toBe('auth/mfa-required');
    expect(await auditedIn('member.account-action-refused', email)).toEqual([attacker.organizationId, 'default-clinic'].sort());
  });

  it("clearing the member's sign-in lock is refused: the lock stays", async () => {
    const email = 'nurse@demo.clinic';
    const attacker = await attackerWith(t, email);
    for (let i = 0; i < 5; i++) await sign(email, `wrong-${i}`);
    const clear = await t.as(attacker.headers).delete('/api/organizations/sign-in-locks', { email });
    expect(clear.statusCode).toBe(403);
    expect(clear.json().code).toBe('access/account-wide');
    expect((await sign(email)).json().code).toBe('auth/too-many-requests');
  });

  it("a reset e-mail goes to the member's own address, never to the Admin, and the member completes it", async () => {
    const email = 'viewer@demo.clinic';
    const attacker = await attackerWith(t, email);
    const sent = await t.as(attacker.headers).post(`/api/organizations/members/${attacker.memberId}/password-reset-email`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, email });
    expect(sent.body).not.toMatch(/reset=/);

    await vi.waitFor(() => expect(t.mailer.lastTo(email)?.text).toMatch(/\/login\?reset=/));
    const mail = t.mailer.lastTo(email)!;
    expect(mail.text).toContain('Other Health');
    const token = new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get('reset')!;
    const done = await t.anon.post('/api/auth/password/reset', { token, newPassword: 'Chosen-by-me-2026' }, { remoteAddress: freshAddress() });
    expect(done.statusCode).toBe(200);
    expect((await sign(email, 'Chosen-by-me-2026')).statusCode).toBe(200);
    expect(await auditedIn('member.password-reset-email-sent', email)).toEqual([attacker.organizationId, 'default-clinic'].sort());
  });
});

describe("an Admin acting on the account of a member whose only membership is the Admin's organization", () => {
  it('makes a reset link and resets the second factor, audited in that organization', async () => {
    const owner = await createOtherOrganization(t.app, 'owner@sole.test');
    const email = 'only-here@sole.test';
    const invite = await t.as(owner.headers).post('/api/organizations/invite', { email, role: 'Nurse' }, { remoteAddress: freshAddress() });
    const member = await signUpAs(t.app, email);
    expect((await t.as(member).post(`/api/organizations/invitations/${invite.json().invitation.token}/accept`, {})).statusCode).toBe(200);
    const memberId = await memberIdOf(t.database.db, owner.organizationId, email);

    const link = await t.as(owner.headers).post(`/api/organizations/members/${memberId}/password-reset-link`);
    expect(link.statusCode).toBe(200);
    expect(link.json().resetUrl).toMatch(/\/login\?reset=/);
    expect((await t.as(owner.headers).post(`/api/organizations/members/${memberId}/mfa/reset`)).statusCode).toBe(200);
    expect(await auditedIn('member.password-reset-link-created', email)).toEqual([owner.organizationId]);
    expect(await auditedIn('member.mfa-reset', email)).toEqual([owner.organizationId]);
  });
});

describe('a reset e-mail on a server without mail (no SMTP_URL)', () => {
  const bare = useTestApp({ mailer: noMailer });

  it('is refused with a clear error and makes no link', async () => {
    const res = await bare
      .as('admin')
      .post(`/api/organizations/members/${await memberIdOf(bare.database.db, 'default-clinic', 'nurse@demo.clinic')}/password-reset-email`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'mail/not-configured' });
    expect(res.json().message).toMatch(/SMTP_URL/);
    const [{ n }] = await rows<{ n: number }>(
      bare.database.db,
      sql`select count(*)::int as n from account_tokens where purpose = 'password-reset'`,
    );
    expect(n).toBe(0);
  });
});
