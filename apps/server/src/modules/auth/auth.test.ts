import { ALL_PERMISSIONS, AUTH_MESSAGES, DEFAULT_PERMISSIONS, errorResponse } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/crypto.js';
import { DEMO_PASSWORD, auditEventsOf, createOtherOrganization, freshAddress, rows, signInAs, signUpAs, useTestApp } from '../../test/harness.js';

const t = useTestApp();

type Payload = Record<string, unknown>;
const signIn = (payload: Payload, remoteAddress = freshAddress(), headers: Record<string, string> = {}) =>
  t.post('/api/auth/sign-in', payload, { remoteAddress, headers });
const signUp = (payload: Payload) => t.post('/api/auth/sign-up', payload, { remoteAddress: freshAddress() });
const session = (headers: Record<string, string>) => t.as(headers).get('/api/auth/session');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Asserts the catalogue failure: status, code, the exact message in both fields, the error shape. */
function expectFailure(res: LightMyRequestResponse, status: number, code: keyof typeof AUTH_MESSAGES) {
  expect(res.statusCode).toBe(status);
  const body = errorResponse.parse(res.json());
  expect(body).toMatchObject({ success: false, code, message: AUTH_MESSAGES[code], error: AUTH_MESSAGES[code] });
}

async function userCount(email: string) {
  const [row] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from users where email = ${email}`);
  return row.n;
}
const ageSession = (token: string, column: 'last_seen_at' | 'expires_at', interval: string) =>
  t.database.db.execute(sql`update sessions set ${sql.raw(column)} = now() - ${interval}::interval where id = ${hashToken(token)}`);

describe('sign-up', () => {
  it('answers 201 with the user and a session that opens GET /api/auth/session', async () => {
    const res = await signUp({ email: 'new.person@example.org', password: 'secret-pass' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, user: { email: 'new.person@example.org', status: 'active' } });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(typeof body.token).toBe('string');
    const me = await session(bearer(body.token));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ success: true, user: { id: body.user.id }, organizationUser: null, organization: null });
  });

  it('stores only an argon2id hash of the password, never the password', async () => {
    expect((await signUp({ email: 'hash-check@example.org', password: 'correct horse' })).statusCode).toBe(201);
    const [user] = await rows<{ password_hash: string }>(
      t.database.db,
      sql`select password_hash from users where email = 'hash-check@example.org'`,
    );
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.password_hash).not.toContain('correct horse');
  });

  it('refuses an e-mail already registered, in any letter case, with 409 auth/email-already-in-use', async () => {
    expect((await signUp({ email: 'Twice@Example.org', password: 'secret-pass' })).statusCode).toBe(201);
    expectFailure(await signUp({ email: 'twice@example.org', password: 'other-pass' }), 409, 'auth/email-already-in-use');
    expectFailure(await signUp({ email: 'TWICE@example.org', password: 'other-pass' }), 409, 'auth/email-already-in-use');
    expect(await userCount('twice@example.org')).toBe(1);
  });

  it('refuses a 5-character password with 400 auth/weak-password and writes no user', async () => {
    expectFailure(await signUp({ email: 'weak@example.org', password: 'k7#qZ' }), 400, 'auth/weak-password');
    expect(await userCount('weak@example.org')).toBe(0);
    expect((await signUp({ email: 'weak@example.org', password: 'k7#qZ2' })).statusCode).toBe(201);
  });

  it.each([
    ['six spaces', 'auth/blank-password', '      '],
    ['only tabs and no-break spaces', 'auth/blank-password', '\t\t\u00a0\u00a0\t\t'],
    ['"123456", the most common password,', 'auth/common-password', '123456'],
    ['"Password1", a common password in other letter case,', 'auth/common-password', 'Password1'],
    ['"iloveyou"', 'auth/common-password', 'iloveyou'],
  ] as const)('refuses %s with 400 %s and writes nothing', async (_name, code, password) => {
    const email = `refused-${code.slice(5)}-${password.length}-${password.charCodeAt(0)}@example.org`;
    const audits = (await auditEventsOf(t.database.db, 'auth.sign-up')).length;
    expectFailure(await signUp({ email, password }), 400, code);
    expect(await userCount(email)).toBe(0);
    expect(await auditEventsOf(t.database.db, 'auth.sign-up')).toHaveLength(audits);
  });

  it.each([['not-an-email'], ['a@'], ['@b.org'], ['two@@example.org'], [''], ["' OR 1=1 --"]])(
    'refuses the e-mail "%s" with 400 auth/invalid-email at sign-up and at sign-in',
    async (email) => {
      expectFailure(await signUp({ email, password: 'secret-pass' }), 400, 'auth/invalid-email');
      expectFailure(await signIn({ email, password: 'secret-pass' }), 400, 'auth/invalid-email');
    },
  );
});

describe('sign-in failures', () => {
  it('answers an unknown e-mail and a wrong password alike: 401 auth/invalid-credential "Incorrect email or password."', async () => {
    const unknown = await signIn({ email: 'nobody@example.org', password: 'whatever' });
    const wrong = await signIn({ email: 'doctor@demo.clinic', password: 'not-the-password' });
    expectFailure(unknown, 401, 'auth/invalid-credential');
    expect(unknown.json().message).toBe('Incorrect email or password.');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 401 auth/invalid-credential for a wrong password and opens no session', async () => {
    const res = await signIn({ email: 'doctor@demo.clinic', password: 'not-the-password' });
    expectFailure(res, 401, 'auth/invalid-credential');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json()).not.toHaveProperty('token');
  });

  it('answers auth/user-disabled to a disabled account with the right password, and its open session stops working', async () => {
    const headers = await signUpAs(t.app, 'soon-disabled@example.org');
    expect((await session(headers)).statusCode).toBe(200);
    await t.database.db.execute(sql`update users set status = 'disabled' where email = 'soon-disabled@example.org'`);

    const me = await session(headers);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ success: false, code: 'auth/required' });
    expectFailure(await signIn({ email: 'soon-disabled@example.org', password: 'secret-pass' }), 403, 'auth/user-disabled');
  });
});

describe('sessions', () => {
  it('sign-out ends the session on the server: the same token is refused afterwards', async () => {
    const headers = await signInAs(t.app, 'nurse@demo.clinic');
    const out = await t.as(headers).post('/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(out.headers['set-cookie']).toMatch(/session_id=;/);
    expect((await session(headers)).statusCode).toBe(401);
    const token = headers.authorization.slice(7);
    expect(await rows(t.database.db, sql`select 1 from sessions where id = ${hashToken(token)}`)).toHaveLength(0);
    expect((await t.as(headers).post('/api/auth/sign-out')).statusCode).toBe(401);
  });

  it('a browser sign-in sets an httpOnly SameSite=Lax cookie, keeps the token out of the body, and the cookie alone authenticates', async () => {
    const res = await signIn({ email: 'staff@demo.clinic', password: DEMO_PASSWORD }, freshAddress(), {
      host: 'clinic.test',
      origin: 'http://clinic.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('token');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^session_id=[A-Za-z0-9_-]{40,};/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//);
    const cookie = res.cookies.find((c) => c.name === 'session_id');
    const me = await t.anon.inject({ method: 'GET', url: '/api/auth/session', cookies: { session_id: cookie!.value } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('staff@demo.clinic');
  });

  it('an API client gets the token in the body and is accepted with Authorization: Bearer; an unknown token is 401', async () => {
    const res = await signIn({ email: 'staff@demo.clinic', password: DEMO_PASSWORD });
    const { token } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect((await session(bearer(token))).statusCode).toBe(200);
    const wrong = await session(bearer(`${token.slice(0, -2)}xx`));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, code: 'auth/required' });
    expect((await t.anon.get('/api/auth/session')).statusCode).toBe(401);
  });

  it('each sign-in issues a new token, and both stay valid', async () => {
    const first = (await signIn({ email: 'manager@demo.clinic', password: DEMO_PASSWORD })).json().token;
    const second = (await signIn({ email: 'manager@demo.clinic', password: DEMO_PASSWORD })).json().token;
    expect(first).not.toBe(second);
    expect((await session(bearer(first))).statusCode).toBe(200);
    expect((await session(bearer(second))).statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const token = (await signIn({ email: 'manager@demo.clinic', password: DEMO_PASSWORD })).json().token;
    expect(await rows(t.database.db, sql`select 1 from sessions where id = ${token}`)).toHaveLength(0);
    expect(await rows(t.database.db, sql`select 1 from sessions where id = ${hashToken(token)}`)).toHaveLength(1);
  });
});

describe('session expiry', () => {
  it('a session idle for 31 minutes is refused, and stays refused', async () => {
    const headers = await signInAs(t.app, 'doctor@demo.clinic');
    await ageSession(headers.authorization.slice(7), 'last_seen_at', '31 minutes');
    expect((await session(headers)).statusCode).toBe(401);
    await ageSession(headers.authorization.slice(7), 'last_seen_at', '0 minutes');
    expect((await session(headers)).statusCode).toBe(401);
  });

  it('a session idle for 29 minutes still works, and using it restarts the inactivity clock', async () => {
    const headers = await signInAs(t.app, 'doctor@demo.clinic');
    const token = headers.authorization.slice(7);
    await ageSession(token, 'last_seen_at', '29 minutes');
    expect((await session(headers)).statusCode).toBe(200);
    // Had the use not slid the window, another 29 minutes would make 58.
    await t.database.db.execute(sql`update sessions set last_seen_at = last_seen_at - interval '29 minutes' where id = ${hashToken(token)}`);
    expect((await session(headers)).statusCode).toBe(200);
  });

  it('a session past its absolute end is refused however recently it was used', async () => {
    const headers = await signInAs(t.app, 'doctor@demo.clinic');
    await ageSession(headers.authorization.slice(7), 'expires_at', '1 second');
    expect((await session(headers)).statusCode).toBe(401);
  });

  it('a session ends 12 hours after sign-in', async () => {
    const token = (await signIn({ email: 'doctor@demo.clinic', password: DEMO_PASSWORD })).json().token;
    const [row] = await rows<{ hours: number }>(
      t.database.db,
      sql`select extract(epoch from expires_at - created_at) / 3600 as hours from sessions where id = ${hashToken(token)}`,
    );
    expect(Number(row.hours)).toBeCloseTo(12, 2);
  });

  it("an organization's session timeout of 10 minutes ends a session idle for 11 minutes but not one idle for 9", async () => {
    const org = await createOtherOrganization(t.app, 'short-timeout@example.org');
    const put = await t.as(org.headers).put('/api/organizations', { settings: { sessionTimeoutMinutes: 10 } });
    expect(put.statusCode).toBe(200);
    const idle11 = await signInAs(t.app, 'short-timeout@example.org', 'secret-pass');
    const idle9 = await signInAs(t.app, 'short-timeout@example.org', 'secret-pass');
    await ageSession(idle11.authorization.slice(7), 'last_seen_at', '11 minutes');
    await ageSession(idle9.authorization.slice(7), 'last_seen_at', '9 minutes');
    expect((await session(idle11)).statusCode).toBe(401);
    expect((await session(idle9)).statusCode).toBe(200);
  });
});

describe("a member's last activity", () => {
  const lastActive = async (email: string) => {
    const [row] = await rows<{ at: Date | string | null }>(
      t.database.db,
      sql`select m.last_active_at as at from organization_members m join users u on u.id = m.user_id where u.email = ${email}`,
    );
    return row.at === null ? null : new Date(row.at);
  };
  const setLastActive = (email: string, at: string) =>
    t.database.db.execute(
      sql`update organization_members m set last_active_at = ${at}::timestamptz from users u where u.id = m.user_id and u.email = ${email}`,
    );
  const recent = (at: Date | null) => at !== null && Date.now() - at.getTime() < 60_000;

  it('is set at sign-in', async () => {
    await setLastActive('doctor@demo.clinic', '2020-01-01T00:00:00Z');
    await signInAs(t.app, 'doctor@demo.clinic');
    expect(recent(await lastActive('doctor@demo.clinic'))).toBe(true);
  });

  it("moves on with a request in the organization once the session's last use is over 30 s old, not with every request", async () => {
    const headers = await signInAs(t.app, 'doctor@demo.clinic');
    await setLastActive('doctor@demo.clinic', '2020-01-01T00:00:00Z');
    expect((await t.as(headers).get('/api/patients?limit=1')).statusCode).toBe(200);
    expect((await lastActive('doctor@demo.clinic'))?.toISOString()).toBe('2020-01-01T00:00:00.000Z');
    await ageSession(headers.authorization.slice(7), 'last_seen_at', '1 minute');
    expect((await t.as(headers).get('/api/patients?limit=1')).statusCode).toBe(200);
    expect(recent(await lastActive('doctor@demo.clinic'))).toBe(true);
  });
});

describe('sign-in rate limit', () => {
  it('after 5 failures for one e-mail the 6th try is 429 even with the right password; another e-mail from another address still signs in', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      expectFailure(await signIn({ email: 'viewer@demo.clinic', password: `wrong-${i}` }, address), 401, 'auth/invalid-credential');
    }
    expectFailure(await signIn({ email: 'viewer@demo.clinic', password: DEMO_PASSWORD }, address), 429, 'auth/too-many-requests');
    // The e-mail is locked whatever the address.
    expectFailure(await signIn({ email: 'VIEWER@demo.clinic', password: DEMO_PASSWORD }), 429, 'auth/too-many-requests');
    expect((await signIn({ email: 'nurse@demo.clinic', password: DEMO_PASSWORD })).statusCode).toBe(200);

    // Once the 15-minute window has passed, the right password works again.
    await t.database.db.execute(sql`update sign_in_attempts set at = at - interval '15 minutes 1 second' where email = 'viewer@demo.clinic'`);
    expect((await signIn({ email: 'viewer@demo.clinic', password: DEMO_PASSWORD }, address)).statusCode).toBe(200);
  });

  it('20 simultaneous wrong guesses for one e-mail get at most 5 passwords checked; the rest are 429', async () => {
    await signUpAs(t.app, 'parallel-guesses@example.org');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn({ email: 'parallel-guesses@example.org', password: `guess-${i}` })),
    );
    const checked = results.filter((r) => r.statusCode === 401);
    const refused = results.filter((r) => r.statusCode !== 401);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.map((r) => r.json().code)).toEqual(checked.map(() => 'auth/invalid-credential'));
    // At most 5 were checked, so at least 15 are refused: each a 429.
    expect(refused.length).toBeGreaterThanOrEqual(15);
    for (const r of refused) expectFailure(r, 429, 'auth/too-many-requests');
  });

  it('4 failures for one e-mail still let the right password in', async () => {
    await signUpAs(t.app, 'four-failures@example.org');
    for (let i = 0; i < 4; i++) await signIn({ email: 'four-failures@example.org', password: `wrong-${i}` });
    expect((await signIn({ email: 'four-failures@example.org', password: 'secret-pass' })).statusCode).toBe(200);
  });

  it('after 30 failures from one address further tries from it are 429, while other addresses still sign in', async () => {
    const address = freshAddress();
    for (let i = 0; i < 29; i++) {
      expectFailure(await signIn({ email: `stranger-${i}@example.org`, password: 'x' }, address), 401, 'auth/invalid-credential');
    }
    // 29 failures: the address is not blocked yet.
    expectFailure(await signIn({ email: 'stranger-29@example.org', password: 'x' }, address), 401, 'auth/invalid-credential');
    expectFailure(await signIn({ email: 'admin@demo.clinic', password: DEMO_PASSWORD }, address), 429, 'auth/too-many-requests');
    expect((await signIn({ email: 'admin@demo.clinic', password: DEMO_PASSWORD }, freshAddress())).statusCode).toBe(200);
  });
});

describe('sign-in rate limit behind a forged X-Forwarded-For', () => {
  it('a client cannot dodge the per-address limit by sending a different X-Forwarded-For each time', async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) {
      const res = await signIn({ email: `forger-${i}@example.org`, password: 'x' }, address, { 'x-forwarded-for': `203.0.113.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signIn({ email: 'owner@demo.clinic', password: DEMO_PASSWORD }, address, { 'x-forwarded-for': '198.51.100.7' });
    expectFailure(blocked, 429, 'auth/too-many-requests');
  });
});

describe('GET /api/auth/session', () => {
  it("returns the user, the membership's role and flags, the organization and its clinics", async () => {
    const res = await session(await signInAs(t.app, 'owner@demo.clinic'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'owner@demo.clinic', currentOrganizationId: 'default-clinic' });
    expect(body.organizationUser).toMatchObject({
      organizationId: 'default-clinic',
      email: 'owner@demo.clinic',
      role: 'Owner',
      department: 'Administration',
      title: 'System Administrator',
      status: 'active',
      permissions: ALL_PERMISSIONS,
    });
    expect(body.organization).toMatchObject({
      id: 'default-clinic',
      name: 'Demo General Hospital',
      type: 'hospital',
      subscription: { plan: 'professional', status: 'active' },
    });
    expect(body.clinics).toEqual([expect.objectContaining({ id: 'default-clinic', organizationId: 'default-clinic' })]);
    expect(body.clinic).toMatchObject({ id: 'default-clinic' });
    expect(body.features).toContain('patientRecords');
  });

  it("gives a Nurse the Nurse role's flags", async () => {
    const body = (await session(await signInAs(t.app, 'nurse@demo.clinic'))).json();
    expect(body.organizationUser.role).toBe('Nurse');
    expect(body.organizationUser.permissions).toEqual(DEFAULT_PERMISSIONS.Nurse);
  });
});

describe('PUT /api/auth/profile', () => {
  it("refuses another organization's id with 403 and keeps the current choice", async () => {
    const other = await createOtherOrganization(t.app, 'profile-other@example.org');
    const headers = await signInAs(t.app, 'staff@demo.clinic');
    const res = await t.as(headers).put('/api/auth/profile', { organizationId: other.organizationId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'access/not-a-member' });
    expect((await session(headers)).json().user.currentOrganizationId).toBe('default-clinic');

    const foreignClinic = await t.as(headers).put('/api/auth/profile', { organizationId: 'default-clinic', clinicId: other.clinicId });
    expect(foreignClinic.statusCode).toBe(403);
  });

  it('accepts an organization and clinic of the caller and makes them current', async () => {
    const headers = await signUpAs(t.app, 'two-orgs@example.org');
    const first = (await t.as(headers).post('/api/organizations', { name: 'First Care' })).json();
    const second = (await t.as(headers).post('/api/organizations', { name: 'Second Care' })).json();
    expect((await session(headers)).json().organization.id).toBe(second.organization.id);

    const res = await t.as(headers).put('/api/auth/profile', { organizationId: first.organization.id, clinicId: first.clinic.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, organizationId: first.organization.id, clinicId: first.clinic.id });
    const me = (await session(headers)).json();
    expect(me.organization.name).toBe('First Care');
    expect(me.clinic.id).toBe(first.clinic.id);
  });
});

describe('audit of sign-in', () => {
  it('records sign-in, failed sign-in and sign-out with the actor and the address', async () => {
    const address = freshAddress();
    await signIn({ email: 'admin@demo.clinic', password: 'wrong-password' }, address);
    const ok = await signIn({ email: 'admin@demo.clinic', password: DEMO_PASSWORD }, address);
    const userId = ok.json().user.id;
    await t.as(bearer(ok.json().token)).post('/api/auth/sign-out', undefined, { remoteAddress: address });

    const failed = (await auditEventsOf(t.database.db, 'auth.sign-in-failed')).filter((e) => e.ip === address);
    expect(failed).toEqual([
      expect.objectContaining({
        actor_user_id: userId,
        organization_id: 'default-clinic',
        details: { email: 'admin@demo.clinic', code: 'auth/invalid-credential', reason: 'wrong-password' },
      }),
    ]);
    const signedIn = (await auditEventsOf(t.database.db, 'auth.sign-in')).filter((e) => e.ip === address);
    expect(signedIn).toEqual([expect.objectContaining({ actor_user_id: userId, entity_id: userId, organization_id: 'default-clinic' })]);
    const signedOut = (await auditEventsOf(t.database.db, 'auth.sign-out')).filter((e) => e.ip === address);
    expect(signedOut).toEqual([expect.objectContaining({ actor_user_id: userId })]);
  });

  it('records a failed sign-in for an unknown e-mail without an actor', async () => {
    const address = freshAddress();
    await signIn({ email: 'ghost@example.org', password: 'x' }, address);
    const failed = (await auditEventsOf(t.database.db, 'auth.sign-in-failed')).filter((e) => e.ip === address);
    expect(failed).toEqual([
      expect.objectContaining({
        actor_user_id: null,
        details: { email: 'ghost@example.org', code: 'auth/invalid-credential', reason: 'unknown-account' },
      }),
    ]);
  });
});
