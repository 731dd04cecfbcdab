import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/crypto.js';
import { auditEventsOf, countRows, rows, useTestApp } from '../../test/harness.js';
import { callback, locationOf, signInWithSso, ssoOrganization, startSso, testTxtResolver, type SsoOrganization } from './sso-setup.testing.js';
import { APP_ORIGIN, idpPolicy, OTHER_CLIENT, startTestIdp, type TestIdp } from './test-idp.testing.js';

/**
 * Single sign-on against a real OpenID provider (oidc-provider on loopback): the first sign-in
 * makes the account, its membership and identity and signs it in; later ones find it by `sub`;
 * every forged or replayed answer is refused with its code and creates nothing.
 */
const t = useTestApp({ publicUrl: APP_ORIGIN, outbound: idpPolicy(), resolveTxt: testTxtResolver });
let idp: TestIdp;
let org: SsoOrganization;

beforeAll(async () => {
  idp = await startTestIdp();
  org = await ssoOrganization(t, idp, 'owner@general.test', { domains: ['general.test'], defaultRole: 'Nurse' });
});
afterAll(() => idp?.close());

/** What a refused sign-in must not have made. */
async function created() {
  return {
    users: await countRows(t.database.db, 'users'),
    members: await countRows(t.database.db, 'organization_members'),
    identities: await countRows(t.database.db, 'sso_identities'),
    sessions: await countRows(t.database.db, 'sessions'),
    links: await countRows(t.database.db, 'sso_link_requests'),
  };
}

const sessionCookie = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.find((c) => c.name === 'session_id')?.value;

describe('a first single sign-on', () => {
  it('creates the account, its membership with the default role and the identity, and signs it in', async () => {
    idp.accounts.set('sub-ada', { email: 'ada@general.test', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' });
    idp.person = 'sub-ada';
    const { res, start } = await signInWithSso(t, idp, { email: 'Ada@General.test' });
    expect(start.json().redirectUrl).toMatch(new RegExp(`^${idp.issuer}/auth\\?`));
    expect(res.statusCode).toBe(302);
    expect(locationOf(res)).toBe(`${APP_ORIGIN}/dashboard`);
    const token = sessionCookie(res);
    expect(token).toBeTruthy();

    const session = await t.anon.get('/api/auth/session', { headers: { cookie: `session_id=${token}` } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ email: 'ada@general.test', firstName: 'Ada', lastName: 'Lovelace' });
    expect(session.json().organization.id).toBe(org.organizationId);
    expect(session.json().organizationUser.role).toBe('Nurse');

    const [user] = await rows(t.database.db, sql`select id, email_verified_at, password_hash from users where email = 'ada@general.test'`);
    expect(user.email_verified_at).not.toBeNull();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const identities = await rows(t.database.db, sql`select * from sso_identities where user_id = ${user.id}`);
    expect(identities).toMatchObject([{ organization_id: org.organizationId, issuer: idp.issuer, subject: 'sub-ada' }]);
    const signIns = await auditEventsOf(t.database.db, 'auth.sso-sign-in');
    expect(signIns.at(-1)).toMatchObject({ organization_id: org.organizationId, actor_user_id: user.id });
  });

  it('signs the same account in by its sub the next time, even after its e-mail changed at the provider', async () => {
    idp.accounts.set('sub-ada', { email: 'ada.lovelace@elsewhere.test', email_verified: true });
    idp.person = 'sub-ada';
    const before = await countRows(t.database.db, 'users');
    const { res } = await signInWithSso(t, idp, { organizationId: org.organizationId });
    expect(locationOf(res)).toBe(`${APP_ORIGIN}/dashboard`);
    const session = await t.anon.get('/api/auth/session', { headers: { cookie: `session_id=${sessionCookie(res)}` } });
    expect(session.json().user.email).toBe('ada@general.test');
    expect(await countRows(t.database.db, 'users')).toBe(before);
  });

  it('gets a normal session: the idle timeout ends it as any other', async () => {
    idp.person = 'sub-ada';
    const token = sessionCookie((await signInWithSso(t, idp, { organizationId: org.organizationId })).res)!;
    const cookie = { cookie: `session_id=${token}` };
    expect((await t.anon.get('/api/auth/session', { headers: cookie })).statusCode).toBe(200);
    await t.database.db.execute(sql`update sessions set last_seen_at = now() - interval '31 minutes' where id = ${hashToken(token)}`);
    expect((await t.anon.get('/api/auth/session', { headers: cookie })).statusCode).toBe(401);
  });

  it('cannot sign in with a password: the account has none until it sets one', async () => {
    const res = await t.anon.post('/api/auth/sign-in', { email: 'ada@general.test', password: '' }, { remoteAddress: '10.200.0.1' });
    expect(res.statusCode).toBe(400);
    const guess = await t.anon.post(
      '/api/auth/sign-in',
      { email: 'ada@general.test', password: 'any-password-at-all' },
      { remoteAddress: '10.200.0.2' },
    );
    expect(guess.statusCode).toBe(401);
  });
});

describe('a refused single sign-on creates nothing', () => {
  beforeAll(() => {
    idp.accounts.set('sub-bob', { email: 'bob@general.test', email_verified: true });
  });
  beforeEach(() => {
    idp.person = 'sub-bob';
  });

  /**
   * Runs a sign-in that must be refused with `code`: the callback redirects to the login screen
   * with it, nothing is created, and (where the sign-in's organization is known) the audited
   * reason names the check that failed.
   */
  async function refusedWith(code: string, reason: RegExp | null, run: () => Promise<{ res: LightMyRequestResponse }>) {
    const before = await created();
    const audited = (await auditEventsOf(t.database.db, 'auth.sso-sign-in-failed')).length;
    const { res } = await run();
    expect(res.statusCode).toBe(302);
    expect(locationOf(res)).toBe(`${APP_ORIGIN}/login?sso_error=${code}`);
    expect(sessionCookie(res)).toBeUndefined();
    expect(await created()).toEqual(before);
    const failures = await auditEventsOf(t.database.db, 'auth.sso-sign-in-failed');
    if (reason === null) expect(failures).toHaveLength(audited);
    else
      expect(failures.slice(audited).map((e) => [e.organization_id, e.details?.code, e.details?.reason])).toEqual([
        [org.organizationId, code, expect.stringMatching(reason)],
      ]);
  }

  it('an ID token whose nonce is not the sign-in’s: token', async () => {
    await refusedWith('token', /"nonce"/, async () => {
      const started = await startSso(t, { organizationId: org.organizationId });
      const forged = new URL(started.redirectUrl);
      forged.searchParams.set('nonce', 'a-nonce-the-app-never-made');
      return { res: await callback(t, await idp.signIn(forged.href), started.browser) };
    });
  });

  it('an ID token made for another client (wrong audience): token', async () => {
    idp.tamper = (payload) => ({ ...payload, aud: OTHER_CLIENT.id, azp: OTHER_CLIENT.id });
    try {
      await refusedWith('token', /"aud"/, () => signInWithSso(t, idp, { organizationId: org.organizationId }));
    } finally {
      idp.tamper = null;
    }
  });

  it('a code the provider issued to another client: token', async () => {
    await refusedWith('token', /invalid_grant/, async () => {
      const started = await startSso(t, { organizationId: org.organizationId });
      const other = new URL(started.redirectUrl);
      other.searchParams.set('client_id', OTHER_CLIENT.id);
      return { res: await callback(t, await idp.signIn(other.href), started.browser) };
    });
  });

  it('an expired ID token: token', async () => {
    const now = Math.floor(Date.now() / 1000);
    idp.tamper = (payload) => ({ ...payload, iat: now - 7200, exp: now - 3600 });
    try {
      await refusedWith('token', /"exp"/, () => signInWithSso(t, idp, { organizationId: org.organizationId }));
    } finally {
      idp.tamper = null;
    }
  });

  it('an ID token signed with a key the provider never published: token', async () => {
    idp.tamper = (payload) => payload;
    idp.foreignKey = true;
    try {
      await refusedWith('token', /signature verification failed/, () => signInWithSso(t, idp, { organizationId: org.organizationId }));
    } finally {
      idp.tamper = null;
      idp.foreignKey = false;
    }
  });

  it('a code already redeemed, replayed with a fresh sign-in’s state: token', async () => {
    idp.accounts.set('sub-cy', { email: 'cy@general.test', email_verified: true });
    idp.person = 'sub-cy';
    const first = await signInWithSso(t, idp, { organizationId: org.organizationId });
    expect(locationOf(first.res)).toBe(`${APP_ORIGIN}/dashboard`);
    await refusedWith('token', /invalid_grant/, async () => {
      const fresh = await startSso(t, { organizationId: org.organizationId });
      const replay = new URL(first.back);
      replay.searchParams.set('state', new URL(fresh.redirectUrl).searchParams.get('state')!);
      return { res: await callback(t, replay, fresh.browser) };
    });
  });

  it('the same callback twice: state (a sign-in is used once)', async () => {
    idp.accounts.set('sub-di', { email: 'di@general.test', email_verified: true });
    idp.person = 'sub-di';
    const first = await signInWithSso(t, idp, { organizationId: org.organizationId });
    expect(locationOf(first.res)).toBe(`${APP_ORIGIN}/dashboard`);
    await refusedWith('state', null, async () => ({ res: await callback(t, first.back, first.browser) }));
  });

  it('a callback in another browser than the one that started it: state', async () => {
    await refusedWith('state', /another browser/, async () => {
      const victim = await startSso(t, { organizationId: org.organizationId });
      const attacker = await startSso(t, { organizationId: org.organizationId });
      return { res: await callback(t, await idp.signIn(victim.redirectUrl), attacker.browser) };
    });
    await refusedWith('state', /another browser/, async () => {
      const started = await startSso(t, { organizationId: org.organizationId });
      return { res: await callback(t, await idp.signIn(started.redirectUrl), undefined) };
    });
  });

  it('an unknown state: state', async () => {
    await refusedWith('state', null, async () => ({
      res: await callback(t, new URL(`${APP_ORIGIN}/api/auth/sso/callback?state=made-up&code=made-up`), 'x'),
    }));
  });

  it('the provider’s refusal (access_denied): provider', async () => {
    await refusedWith('provider', /access_denied/, async () => {
      const started = await startSso(t, { organizationId: org.organizationId });
      const state = new URL(started.redirectUrl).searchParams.get('state')!;
      const back = new URL(`${APP_ORIGIN}/api/auth/sso/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`);
      return { res: await callback(t, back, started.browser) };
    });
  });

  it('an e-mail the provider did not verify: email, and no account', async () => {
    idp.accounts.set('sub-eve', { email: 'eve@general.test', email_verified: false });
    idp.person = 'sub-eve';
    await refusedWith('email', /email_verified/, () => signInWithSso(t, idp, { organizationId: org.organizationId }));
    expect(await countRows(t.database.db, 'users', sql`email = 'eve@general.test'`)).toBe(0);
  });

  it('from an address off the organization’s IP allow-list: account', async () => {
    const list = sql`jsonb_build_object('ipWhitelist', jsonb_build_array('192.0.2.0/24'))`;
    await t.database.db.execute(sql`update organizations set settings = settings || ${list} where id = ${org.organizationId}`);
    try {
      await refusedWith('account', /ip-not-allowed/, () => signInWithSso(t, idp, { organizationId: org.organizationId }));
    } finally {
      await t.database.db.execute(sql`update organizations set settings = settings - 'ipWhitelist' where id = ${org.organizationId}`);
    }
  });

  it('an e-mail outside the organization’s verified domains: domain, and no account', async () => {
    idp.accounts.set('sub-fay', { email: 'fay@unclaimed.test', email_verified: true });
    idp.person = 'sub-fay';
    await refusedWith('domain', /domain/, () => signInWithSso(t, idp, { organizationId: org.organizationId }));
  });
});

describe('the start', () => {
  it('answers the same shape for an e-mail of no verified domain and an organization without single sign-on', async () => {
    for (const body of [{ email: 'someone@nowhere.test' }, { organizationId: 'no-such-organization' }, { organizationId: 'default-clinic' }]) {
      const { start, browser } = await startSso(t, body);
      expect(start.statusCode).toBe(200);
      expect(start.json()).toEqual({ success: true, redirectUrl: '/login?sso_error=disabled' });
      expect(browser).toBeUndefined();
    }
  });

  it('asks for the code flow with PKCE S256, state, nonce and the scopes, and binds the sign-in to the browser', async () => {
    const { start, redirectUrl, browser } = await startSso(t, { email: 'anyone@general.test' });
    const url = new URL(redirectUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'clinicflow',
      redirect_uri: `${APP_ORIGIN}/api/auth/sso/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    const cookie = start.headers['set-cookie'] as string;
    expect(cookie).toMatch(/^sso_browser=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth\/sso/);
    // Only hashes of the state and the browser's token are kept, and the PKCE verifier is sealed.
    const [row] = await rows(t.database.db, sql`select * from sso_sign_ins order by created_at desc limit 1`);
    expect(row.state_hash).toBe(hashToken(url.searchParams.get('state')!));
    expect(row.browser_hash).toBe(hashToken(browser!));
    expect(row.code_verifier).toMatch(/^sealed:v1:/);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(10 * 60_000);
  });
});
