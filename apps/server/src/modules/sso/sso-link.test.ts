import { SSO_ENFORCED_MESSAGE } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEventsOf, countRows, freshAddress, rows, signUpAs, useTestApp } from '../../test/harness.js';
import { LINK_NOT_YOURS_MESSAGE } from './sso-link.service.js';
import { locationOf, signInWithSso, ssoBody, ssoOrganization, testTxtResolver, type SsoOrganization } from './sso-setup.testing.js';
import { APP_ORIGIN, idpPolicy, startTestIdp, type TestIdp } from './test-idp.testing.js';

/**
 * An existing account is never taken over by an identity provider's e-mail: the sign-in leaves a
 * link request that only that account, signed in with its password, confirms. Enforcement then
 * refuses members' passwords, except the Owner's (break-glass).
 */
const t = useTestApp({ publicUrl: APP_ORIGIN, outbound: idpPolicy(), resolveTxt: testTxtResolver });
let idp: TestIdp;
let org: SsoOrganization;
const PASSWORD = 'grace-own-password-1';
let grace: Record<string, string>;
let linkToken: string;

const signIn = (email: string, password: string) => t.anon.post('/api/auth/sign-in', { email, password }, { remoteAddress: freshAddress() });
const sessionCookie = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.find((c) => c.name === 'session_id')?.value;

beforeAll(async () => {
  idp = await startTestIdp();
  org = await ssoOrganization(t, idp, 'owner@mercy.test', { domains: ['mercy.test'], defaultRole: 'Doctor' });
  grace = await signUpAs(t.app, 'grace@mercy.test', PASSWORD);
  idp.accounts.set('sub-grace', { email: 'grace@mercy.test', email_verified: true });
});
afterAll(() => idp?.close());

describe('an identity whose e-mail has a local account', () => {
  it('does not sign that account in: it leaves a link request and changes nothing else', async () => {
    idp.person = 'sub-grace';
    const before = {
      identities: await countRows(t.database.db, 'sso_identities'),
      members: await countRows(t.database.db, 'organization_members'),
    };
    const { res } = await signInWithSso(t, idp, { email: 'grace@mercy.test' });
    expect(res.statusCode).toBe(302);
    const location = new URL(locationOf(res));
    expect(`${location.origin}${location.pathname}`).toBe(`${APP_ORIGIN}/login`);
    linkToken = location.searchParams.get('sso_link')!;
    expect(linkToken.length).toBeGreaterThanOrEqual(40);
    expect(sessionCookie(res)).toBeUndefined();
    expect({
      identities: await countRows(t.database.db, 'sso_identities'),
      members: await countRows(t.database.db, 'organization_members'),
    }).toEqual(before);
    const [request] = await rows(t.database.db, sql`select * from sso_link_requests`);
    expect(request).toMatchObject({ sso_organization_id: org.organizationId, subject: 'sub-grace', email: 'grace@mercy.test', used_at: null });
    expect(request.token_hash).not.toBe(linkToken);
  });

  it('cannot be linked by another signed-in account, and the refusal is audited', async () => {
    const mallory = await signUpAs(t.app, 'mallory@elsewhere.test', 'mallory-password-1');
    const res = await t.as(mallory).post('/api/auth/sso/link', { token: linkToken });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(LINK_NOT_YOURS_MESSAGE);
    expect(await countRows(t.database.db, 'sso_identities', sql`subject = 'sub-grace'`)).toBe(0);
    expect(await countRows(t.database.db, 'sso_link_requests', sql`used_at is not null`)).toBe(0);
    expect(await auditEventsOf(t.database.db, 'auth.sso-link-refused')).toMatchObject([{ organization_id: org.organizationId }]);
  });

  it('is linked when its own account, signed in with its password, confirms; once only', async () => {
    expect((await signIn('grace@mercy.test', PASSWORD)).statusCode).toBe(200);
    const res = await t.as(grace).post('/api/auth/sso/link', { token: linkToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [identity] = await rows(
      t.database.db,
      sql`select i.organization_id, u.email from sso_identities i join users u on u.id = i.user_id where i.subject = 'sub-grace'`,
    );
    expect(identity).toEqual({ organization_id: org.organizationId, email: 'grace@mercy.test' });
    const [member] = await rows(
      t.database.db,
      sql`select m.role, m.status from organization_members m join users u on u.id = m.user_id where u.email = 'grace@mercy.test' and m.organization_id = ${org.organizationId}`,
    );
    expect(member).toEqual({ role: 'Doctor', status: 'active' });
    expect(await auditEventsOf(t.database.db, 'auth.sso-linked')).toHaveLength(1);
    const again = await t.as(grace).post('/api/auth/sso/link', { token: linkToken });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('auth/invalid-link');
  });

  it('then signs the linked account in by its sub', async () => {
    idp.person = 'sub-grace';
    const { res } = await signInWithSso(t, idp, { organizationId: org.organizationId });
    expect(locationOf(res)).toBe(`${APP_ORIGIN}/dashboard`);
    const session = await t.anon.get('/api/auth/session', { headers: { cookie: `session_id=${sessionCookie(res)}` } });
    expect(session.json().user.email).toBe('grace@mercy.test');
  });
});

describe('single sign-on enforced', () => {
  beforeAll(async () => {
    const saved = await t
      .as(org.owner)
      .put('/api/organizations/sso', ssoBody(idp, { domains: ['mercy.test'], defaultRole: 'Doctor', enforce: true }));
    expect(saved.statusCode).toBe(200);
  });

  it("refuses a member's right password with the single sign-on message, audited", async () => {
    const res = await signIn('grace@mercy.test', PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'auth/sso-required', message: SSO_ENFORCED_MESSAGE });
    expect(sessionCookie(res)).toBeUndefined();
    const refusals = await auditEventsOf(t.database.db, 'auth.sign-in-sso-required');
    expect(refusals).toMatchObject([{ organization_id: org.organizationId, details: { email: 'grace@mercy.test' } }]);
  });

  it('says nothing of it to a wrong password', async () => {
    const res = await signIn('grace@mercy.test', 'not-her-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth/invalid-credential');
  });

  it('lets the Owner in with the password (break-glass), audited as such', async () => {
    const res = await signIn('owner@mercy.test', 'secret-pass');
    expect(res.statusCode).toBe(200);
    expect(await auditEventsOf(t.database.db, 'auth.sso-break-glass')).toMatchObject([
      { organization_id: org.organizationId, details: { email: 'owner@mercy.test' } },
    ]);
  });

  it('leaves accounts of the domain that are not members, and members of other domains, to their passwords', async () => {
    await signUpAs(t.app, 'visitor@mercy.test', 'visitor-password-1');
    expect((await signIn('visitor@mercy.test', 'visitor-password-1')).statusCode).toBe(200);
    expect((await signIn('mallory@elsewhere.test', 'mallory-password-1')).statusCode).toBe(200);
  });

  it('lets a member not linked yet use the password once to link, with the link request of its own sign-in only', async () => {
    await signUpAs(t.app, 'hal@mercy.test', 'hal-own-password-1');
    const [{ id: halId }] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'hal@mercy.test'`);
    await t.database.db.execute(
      sql`insert into organization_members (organization_id, id, user_id, role) values (${org.organizationId}, 'member-hal', ${halId}, 'Nurse')`,
    );
    idp.accounts.set('sub-hal', { email: 'hal@mercy.test', email_verified: true });
    idp.person = 'sub-hal';
    const { res } = await signInWithSso(t, idp, { email: 'hal@mercy.test' });
    const halLink = new URL(locationOf(res)).searchParams.get('sso_link')!;
    const withLink = (email: string, password: string, ssoLink: string) =>
      t.anon.post('/api/auth/sign-in', { email, password, ssoLink }, { remoteAddress: freshAddress() });
    // Another account's link request, or none, leaves the password refused.
    expect((await withLink('hal@mercy.test', 'hal-own-password-1', linkToken)).statusCode).toBe(403);
    expect((await signIn('hal@mercy.test', 'hal-own-password-1')).statusCode).toBe(403);
    const signedIn = await withLink('hal@mercy.test', 'hal-own-password-1', halLink);
    expect(signedIn.statusCode).toBe(200);
    expect(await auditEventsOf(t.database.db, 'auth.sso-link-password')).toMatchObject([{ organization_id: org.organizationId }]);
    const linked = await t.anon.post('/api/auth/sso/link', { token: halLink }, { headers: { cookie: `session_id=${sessionCookie(signedIn)}` } });
    expect(linked.statusCode).toBe(200);
    // Linked, the link request is used: the password is refused again; single sign-on signs hal in.
    expect((await withLink('hal@mercy.test', 'hal-own-password-1', halLink)).statusCode).toBe(403);
    const again = await signInWithSso(t, idp, { email: 'hal@mercy.test' });
    expect(locationOf(again.res)).toBe(`${APP_ORIGIN}/dashboard`);
  });

  it('still lets the member in with single sign-on', async () => {
    idp.person = 'sub-grace';
    const { res } = await signInWithSso(t, idp, { email: 'grace@mercy.test' });
    expect(locationOf(res)).toBe(`${APP_ORIGIN}/dashboard`);
  });
});
