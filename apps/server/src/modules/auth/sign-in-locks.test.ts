import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEMO_PASSWORD,
  auditEventsOf,
  createOtherOrganization,
  freshAddress,
  signInAs,
  signUpAs,
  useTestApp,
  type Who,
} from '../../test/harness.js';

const t = useTestApp();
beforeEach(() => {
  t.signInDelays.length = 0;
});

const signIn = (email: string, password: string, remoteAddress = freshAddress()) =>
  t.post('/api/auth/sign-in', { email, password }, { remoteAddress });

/** Fails `times` sign-ins of `email`, each from its own address unless one is given. */
async function fail(email: string, times: number, remoteAddress?: string) {
  for (let i = 0; i < times; i++) {
    const res = await signIn(email, `wrong-${i}`, remoteAddress);
    expect(res.statusCode).toBe(401);
  }
}

const locks = (who: Who) => t.as(who).get('/api/organizations/sign-in-locks');
const clearLock = (who: Who, email: string) => t.as(who).delete('/api/organizations/sign-in-locks', { email });

describe('progressive delay of sign-in tries', () => {
  it('after two failures of an e-mail each further try waits longer before it is judged: 250 ms, 500 ms, 1 s; the locked try waits nothing', async () => {
    await signUpAs(t.app, 'slowed@example.org');
    await fail('slowed@example.org', 5);
    expect(t.signInDelays).toEqual([250, 500, 1000]);
    expect((await signIn('slowed@example.org', 'secret-pass')).statusCode).toBe(429);
    expect(t.signInDelays).toEqual([250, 500, 1000]);
  });

  it('the right password after two failures also waits 250 ms, then signs in', async () => {
    await signUpAs(t.app, 'typo@example.org');
    await fail('typo@example.org', 2);
    expect(t.signInDelays).toEqual([]);
    expect((await signIn('typo@example.org', 'secret-pass')).statusCode).toBe(200);
    expect(t.signInDelays).toEqual([250]);
  });

  it('tries from an address with more than 10 recent failures wait; the same e-mail from another address does not', async () => {
    const address = freshAddress();
    for (let i = 0; i < 12; i++) expect((await signIn(`spray-${i}@example.org`, 'x', address)).statusCode).toBe(401);
    expect(t.signInDelays).toEqual([250]);
    expect((await signIn('nurse@demo.clinic', DEMO_PASSWORD, address)).statusCode).toBe(200);
    expect(t.signInDelays).toEqual([250, 500]);
    expect((await signIn('nurse@demo.clinic', DEMO_PASSWORD)).statusCode).toBe(200);
    expect(t.signInDelays).toEqual([250, 500]);
  });
});

/** Lock notices to `to` (sign-up's verification mail aside). */
const noticesTo = (to: string) => t.mailer.sent.filter((m) => m.to === to && m.subject === 'Sign-in to your ClinicFlow account was paused');

describe('"was this you?" notice', () => {
  it('the 5th failure mails the account owner once, with the addresses and times of the attempts and what to do', async () => {
    await signUpAs(t.app, 'noticed@example.org');
    const addresses = [freshAddress(), freshAddress(), freshAddress(), freshAddress(), freshAddress()];
    for (const [i, address] of addresses.slice(0, 4).entries()) await signIn('noticed@example.org', `wrong-${i}`, address);
    expect(noticesTo('noticed@example.org')).toHaveLength(0);
    // Sent beside the 5th answer, not before it: its timing must not tell an account from none.
    await signIn('noticed@example.org', 'wrong-4', addresses[4]);
    await vi.waitFor(() => expect(noticesTo('noticed@example.org')).toHaveLength(1));
    const [mail] = noticesTo('noticed@example.org');
    for (const address of addresses) expect(mail.text).toContain(address);
    expect(mail.text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    expect(mail.text).toContain('Was this you?');
    expect(mail.text).toMatch(/administrator/);
    expect(mail.text).not.toContain('wrong-');
    // Tries refused while the lock lasts send nothing more.
    expect((await signIn('noticed@example.org', 'secret-pass')).statusCode).toBe(429);
    expect(noticesTo('noticed@example.org')).toHaveLength(1);
  });

  it('sends nothing when the e-mail has no account', async () => {
    await fail('nobody-here@example.org', 5);
    expect(t.mailer.sent.filter((m) => m.to === 'nobody-here@example.org')).toEqual([]);
  });
});

describe('an Admin sees and clears sign-in locks of their own members', () => {
  it("lists a locked member's e-mail with its failures and when the lock ends, and never another organization's", async () => {
    const outsider = await createOtherOrganization(t.app, 'locked-outsider@other.org');
    expect(outsider.organizationId).toBeTruthy();
    await fail('locked-outsider@other.org', 5);
    await fail('staff@demo.clinic', 5);
    const res = await locks(await signInAs(t.app, 'admin@demo.clinic'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const staff = body.locks.find((l: { email: string }) => l.email === 'staff@demo.clinic');
    expect(staff).toMatchObject({ email: 'staff@demo.clinic', failures: 5 });
    const minutesLeft = (Date.parse(staff.lockedUntil) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);
    expect(JSON.stringify(body)).not.toContain('locked-outsider@other.org');
  });

  it('clearing a lock lets the member sign in at once and writes an audit row in the organization', async () => {
    await fail('doctor@demo.clinic', 5);
    expect((await signIn('doctor@demo.clinic', DEMO_PASSWORD)).statusCode).toBe(429);
    const admin = await signInAs(t.app, 'admin@demo.clinic');
    const res = await clearLock(admin, 'Doctor@Demo.Clinic');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, cleared: true });
    expect((await signIn('doctor@demo.clinic', DEMO_PASSWORD)).statusCode).toBe(200);
    const listed = (await locks(admin)).json().locks.map((l: { email: string }) => l.email);
    expect(listed).not.toContain('doctor@demo.clinic');
    const [audit] = (await auditEventsOf(t.database.db, 'auth.sign-in-lock-cleared')).filter((a) => a.details?.email === 'doctor@demo.clinic');
    expect(audit).toMatchObject({ organization_id: 'default-clinic', entity_type: 'user' });
    expect(audit.actor_user_id).toBeTruthy();
    expect(audit.details).toMatchObject({ email: 'doctor@demo.clinic', failures: 5 });
  });

  it('cannot clear the lock of someone outside the organization (404), whose lock stays', async () => {
    await createOtherOrganization(t.app, 'still-locked@other.org');
    await fail('still-locked@other.org', 5);
    const res = await clearLock(await signInAs(t.app, 'owner@demo.clinic'), 'still-locked@other.org');
    expect(res.statusCode).toBe(404);
    expect((await signIn('still-locked@other.org', 'secret-pass')).statusCode).toBe(429);
  });

  it('is refused to a Manager (who manages users but is no Admin) and to a Nurse', async () => {
    for (const email of ['manager@demo.clinic', 'nurse@demo.clinic']) {
      const headers = await signInAs(t.app, email);
      expect((await locks(headers)).statusCode).toBe(403);
      expect((await clearLock(headers, 'viewer@demo.clinic')).statusCode).toBe(403);
    }
  });
});

describe('audit of refused (429) sign-ins', () => {
  it("a 429 for an account's e-mail is audited as auth.sign-in-throttled in the account's current organization", async () => {
    const owner = await createOtherOrganization(t.app, 'throttled@other.org');
    await fail('throttled@other.org', 5);
    const address = freshAddress();
    expect((await signIn('throttled@other.org', 'secret-pass', address)).statusCode).toBe(429);
    const audits = (await auditEventsOf(t.database.db, 'auth.sign-in-throttled')).filter((a) => a.details?.email === 'throttled@other.org');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ organization_id: owner.organizationId, entity_type: 'user', ip: address });
    expect(audits[0].actor_user_id).toBeTruthy();
    expect(audits[0].details).toMatchObject({ email: 'throttled@other.org', limit: 'email' });
  });

  it('a 429 for an e-mail with no account is audited with no organization and no actor', async () => {
    await fail('ghost@example.org', 5);
    expect((await signIn('ghost@example.org', 'x')).statusCode).toBe(429);
    const [audit] = (await auditEventsOf(t.database.db, 'auth.sign-in-throttled')).filter((a) => a.details?.email === 'ghost@example.org');
    expect(audit).toMatchObject({ organization_id: null, actor_user_id: null });
  });

  it('a locked address is audited with the address as the limit', async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) await signIn(`sprayed-${i}@example.org`, 'x', address);
    expect((await signIn('owner@demo.clinic', DEMO_PASSWORD, address)).statusCode).toBe(429);
    const [audit] = (await auditEventsOf(t.database.db, 'auth.sign-in-throttled')).filter((a) => a.ip === address);
    expect(audit).toMatchObject({ organization_id: 'default-clinic' });
    expect(audit.details).toMatchObject({ email: 'owner@demo.clinic', limit: 'address' });
  });

  it('a flood of refused tries on one locked e-mail writes one audit row a minute, not one per try', async () => {
    await fail('flooded@example.org', 5);
    for (let i = 0; i < 10; i++) expect((await signIn('flooded@example.org', 'x')).statusCode).toBe(429);
    const audits = (await auditEventsOf(t.database.db, 'auth.sign-in-throttled')).filter((a) => a.details?.email === 'flooded@example.org');
    expect(audits).toHaveLength(1);
  });
});
