import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditEventsOf, freshAddress, memberIdOf, rows, signUpAs, useTestApp } from '../../test/harness.js';

const t = useTestApp();
const PASSWORD = 'secret-pass';

/** A fixed clock, 10 s into a 30-second step, moved on by whole steps. */
let t0 = 0;
const at = (steps: number, seconds = 0) => vi.setSystemTime(t0 + steps * 30_000 + seconds * 1000);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  t0 = Math.floor(Date.now() / 30_000) * 30_000 + 10_000;
  at(0);
});
afterEach(() => vi.useRealTimers());

/** The code of `secret` in the step `steps` after t0. */
const codeAt = (secret: string, steps: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: t0 + steps * 30_000 });

let accounts = 0;
/** A new account with two-factor sign-in confirmed at step 0; its secret and backup codes. */
async function enrolled() {
  accounts += 1;
  const email = `mfa-${accounts}-${Date.now()}@example.test`;
  const headers = await signUpAs(t.app, email, PASSWORD);
  const enroll = await t.as(headers).post('/api/auth/mfa/enroll');
  expect(enroll.statusCode).toBe(200);
  const { secret, otpauthUrl, qr } = enroll.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/ClinicFlow:.+\?.*secret=/);
  expect(otpauthUrl).toContain('algorithm=SHA1&digits=6&period=30');
  expect(qr).toMatch(/^data:image\/png;base64,/);
  const confirm = await t.as(headers).post('/api/auth/mfa/confirm', { code: codeAt(secret, 0) });
  expect(confirm.statusCode).toBe(200);
  const backupCodes = confirm.json().backupCodes as string[];
  return { email, headers, secret, backupCodes };
}

/** The password step: answers the mfaToken (and no session). */
async function passwordStep(email: string, remoteAddress = freshAddress()) {
  const res = await t.anon.post('/api/auth/sign-in', { email, password: PASSWORD }, { remoteAddress });
  expect(res.statusCode).toBe(401);
  expect(res.json().code).toBe('auth/mfa-required');
  expect(res.json().token).toBeUndefined();
  expect(res.headers['set-cookie']).toBeUndefined();
  return res.json().mfaToken as string;
}

const secondStep = (mfaToken: string, code: string, remoteAddress = freshAddress()) =>
  t.anon.post('/api/auth/mfa', { mfaToken, code }, { remoteAddress });

describe('enrolment', () => {
  it('gives 10 different backup codes once, stores only their hashes, and shows two-factor as on', async () => {
    const { email, headers, backupCodes } = await enrolled();
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    const [stored] = await rows<{ codes: string[]; pending: string | null }>(
      t.database.db,
      sql`select mfa_backup_codes as codes, mfa_pending_secret as pending from users where email = ${email}`,
    );
    expect(stored.codes).toHaveLength(10);
    for (const code of backupCodes) expect(JSON.stringify(stored.codes)).not.toContain(code);
    expect(stored.pending).toBeNull();
    const security = (await t.as(headers).get('/api/auth/security')).json();
    expect(security.mfa).toMatchObject({ enabled: true, backupCodesLeft: 10 });
    expect((await t.as(headers).post('/api/auth/mfa/enroll')).statusCode).toBe(409);
  });

  it('keeps the secret sealed: the database holds neither the secret nor anything that opens on another account', async () => {
    const { email, secret } = await enrolled();
    const other = await enrolled();
    const [stored] = await rows<{ secret: string }>(t.database.db, sql`select mfa_secret as secret from users where email = ${email}`);
    expect(stored.secret).toMatch(/^sealed:v1:/);
    expect(stored.secret).not.toContain(secret);
    // Copied onto another account, the sealed value does not open there: that account's sign-in
    // fails with the copied secret's code, and with its own.
    await t.database.db.execute(sql`update users set mfa_secret = ${stored.secret} where email = ${other.email}`);
    const mfaToken = await passwordStep(other.email);
    at(1);
    await expect(secondStep(mfaToken, codeAt(secret, 1))).resolves.toMatchObject({ statusCode: 500 });
    // The account's own still works.
    expect((await secondStep(await passwordStep(email), codeAt(secret, 1))).statusCode).toBe(200);
  });

  it('refuses a confirmation code that is not of the new secret, and two-factor stays off', async () => {
    const headers = await signUpAs(t.app, `mfa-wrong-${Date.now()}@example.test`, PASSWORD);
    const { secret } = (await t.as(headers).post('/api/auth/mfa/enroll')).json();
    const wrong = codeAt(secret, 0) === '000000' ? '111111' : '000000';
    const res = await t.as(headers).post('/api/auth/mfa/confirm', { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('auth/invalid-code');
    expect((await t.as(headers).get('/api/auth/security')).json().mfa.enabled).toBe(false);
  });
});

describe('signing in with a second factor (fixed clock)', () => {
  it('a right password alone gives no session; the current code completes the sign-in', async () => {
    const { email, secret } = await enrolled();
    at(1);
    const mfaToken = await passwordStep(email);
    const res = await secondStep(mfaToken, codeAt(secret, 1));
    expect(res.statusCode).toBe(200);
    const session = await t.anon.get('/api/auth/session', { headers: { authorization: `Bearer ${res.json().token}` } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(email);
    const [audit] = (await auditEventsOf(t.database.db, 'auth.sign-in')).filter((e) => e.details?.secondFactor === 'totp');
    expect(audit).toBeDefined();
  });

  it("accepts the previous step's code, refuses one two steps old", async () => {
    const { email, secret } = await enrolled();
    at(3);
    expect((await secondStep(await passwordStep(email), codeAt(secret, 1))).statusCode).toBe(400);
    expect((await secondStep(await passwordStep(email), codeAt(secret, 2))).statusCode).toBe(200);
  });

  it('refuses a code already used in its window, and any older one after it', async () => {
    const { email, secret } = await enrolled();
    at(2);
    expect((await secondStep(await passwordStep(email), codeAt(secret, 2))).statusCode).toBe(200);
    const reused = await secondStep(await passwordStep(email), codeAt(secret, 2));
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('auth/invalid-code');
    // The previous step's code is inside the window but older than the one used.
    expect((await secondStep(await passwordStep(email), codeAt(secret, 1))).statusCode).toBe(400);
    at(3);
    expect((await secondStep(await passwordStep(email), codeAt(secret, 3))).statusCode).toBe(200);
  });

  it('a backup code works once', async () => {
    const { email, headers, backupCodes } = await enrolled();
    at(1);
    expect((await secondStep(await passwordStep(email), backupCodes[0].toUpperCase())).statusCode).toBe(200);
    const again = await secondStep(await passwordStep(email), backupCodes[0]);
    expect(again.statusCode).toBe(400);
    expect((await t.as(headers).get('/api/auth/security')).json().mfa.backupCodesLeft).toBe(9);
    expect((await secondStep(await passwordStep(email), backupCodes[1])).statusCode).toBe(200);
  });

  it('a challenge is single use and ends after 5 minutes', async () => {
    const { email, secret } = await enrolled();
    at(1);
    const mfaToken = await passwordStep(email);
    expect((await secondStep(mfaToken, codeAt(secret, 1))).statusCode).toBe(200);
    at(2);
    const replay = await secondStep(mfaToken, codeAt(secret, 2));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('auth/mfa-expired');
    const late = await passwordStep(email);
    at(12, 1);
    expect((await secondStep(late, codeAt(secret, 12))).json().code).toBe('auth/mfa-expired');
  });

  it('wrong codes count as failed sign-ins: after 5 the e-mail is locked, even with the right password', async () => {
    const { email, secret } = await enrolled();
    at(1);
    const mfaToken = await passwordStep(email);
    const right = codeAt(secret, 1);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await secondStep(mfaToken, wrong)).statusCode).toBe(400);
    const locked = await t.anon.post('/api/auth/sign-in', { email, password: PASSWORD }, { remoteAddress: freshAddress() });
    expect(locked.statusCode).toBe(429);
    expect((await secondStep(mfaToken, right)).statusCode).toBe(401);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a current code; the next sign-in needs only the password', async () => {
    const { email, headers, secret } = await enrolled();
    at(1);
    expect((await t.as(headers).post('/api/auth/mfa/disable', { password: 'not-it', code: codeAt(secret, 1) })).statusCode).toBe(400);
    expect((await t.as(headers).post('/api/auth/mfa/disable', { password: PASSWORD, code: codeAt(secret, 1) })).statusCode).toBe(200);
    const res = await t.anon.post('/api/auth/sign-in', { email, password: PASSWORD }, { remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(200);
    expect((await auditEventsOf(t.database.db, 'auth.mfa-disabled')).length).toBeGreaterThan(0);
  });

  it("an Admin resets a member's second factor, audited, and a Doctor may not", async () => {
    const { email, secret } = await enrolled();
    const invite = await t.as('admin').post('/api/organizations/invite', { email, role: 'Nurse' });
    const mfaToken = await passwordStep(email);
    at(1);
    const signedIn = await secondStep(mfaToken, codeAt(secret, 1));
    const member = { authorization: `Bearer ${signedIn.json().token}` };
    expect((await t.as(member).post(`/api/organizations/invitations/${invite.json().invitation.token}/accept`, {})).statusCode).toBe(200);
    const memberId = await memberIdOf(t.database.db, 'default-clinic', email);

    expect((await t.as('doctor').post(`/api/organizations/members/${memberId}/mfa/reset`)).statusCode).toBe(403);
    const reset = await t.as('admin').post(`/api/organizations/members/${memberId}/mfa/reset`);
    expect(reset.statusCode).toBe(200);
    const [audit] = (await auditEventsOf(t.database.db, 'member.mfa-reset')).filter((e) => e.details?.email === email);
    expect(audit.organization_id).toBe('default-clinic');
    expect((await t.anon.post('/api/auth/sign-in', { email, password: PASSWORD }, { remoteAddress: freshAddress() })).statusCode).toBe(200);
  });
});
