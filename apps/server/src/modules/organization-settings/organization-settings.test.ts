import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEventsOf, createOtherOrganization, freshAddress, rows, signUpAs, useTestApp } from '../../test/harness.js';

const t = useTestApp();

let organizations = 0;
/**
 * A new organization (its Owner is an Admin or above) with a Doctor who joined by invitation; each
 * test has its own, so their settings never meet.
 */
async function clinicWithMember() {
  organizations += 1;
  const owner = await createOtherOrganization(t.app, `owner-${organizations}@settings.test`);
  const email = `doctor-${organizations}@settings.test`;
  const invite = await t.as(owner.headers).post('/api/organizations/invite', { email, role: 'Doctor' }, { remoteAddress: freshAddress() });
  const member = await signUpAs(t.app, email);
  const accepted = await t.as(member).post(`/api/organizations/invitations/${invite.json().invitation.token}/accept`, {});
  expect(accepted.statusCode).toBe(200);
  return { owner: owner.headers, organizationId: owner.organizationId, member, memberEmail: email };
}

const save = (headers: Record<string, string>, body: Record<string, unknown>, remoteAddress = '203.0.113.5') =>
  t.as(headers).put('/api/organizations/settings', body, { remoteAddress });
const staffRead = (headers: Record<string, string>, remoteAddress: string) => t.as(headers).get('/api/patients', { remoteAddress });

describe('GET and PUT /api/organizations/settings', () => {
  it('answers the five sections from the database', async () => {
    const { owner } = await clinicWithMember();
    const res = await t.as(owner).get('/api/organizations/settings');
    expect(res.statusCode).toBe(200);
    const { settings } = res.json();
    expect(settings.general).toMatchObject({ name: 'Other Health', type: 'clinic', language: 'en' });
    expect(settings.security).toEqual({
      requireTwoFactor: false,
      sessionTimeout: 30,
      passwordPolicy: { minLength: 8, requireSymbols: false, requireNumbers: false, requireUppercase: false },
      ipWhitelist: [],
    });
    expect(Object.keys(settings.integrations)).toEqual(['emr', 'lab', 'radiology']);
    expect(settings.billing).toMatchObject({ plan: expect.any(String), status: 'trialing', paymentMethod: null });
  });

  it('merges a partial change and keeps everything it leaves out; audited', async () => {
    const { owner, organizationId } = await clinicWithMember();
    await save(owner, { integrations: { emr: { enabled: true, systemName: 'Epic', endpoint: 'https://emr.example.org/fhir' } } });
    const res = await save(owner, {
      general: { name: 'Renamed Health', language: 'es' },
      notifications: { email: { billing: false } },
      integrations: { emr: { systemName: 'Cerner' } },
      billing: { email: 'billing@renamed.example', address: { city: 'Springfield' } },
    });
    expect(res.statusCode).toBe(200);
    const { settings } = res.json();
    expect(settings.general).toMatchObject({ name: 'Renamed Health', type: 'clinic', language: 'es' });
    expect(settings.notifications.email).toEqual({ userInvitations: true, userActivity: false, systemAlerts: true, billing: false });
    expect(settings.integrations.emr).toEqual({ enabled: true, systemName: 'Cerner', endpoint: 'https://emr.example.org/fhir' });
    expect(settings.billing).toMatchObject({ email: 'billing@renamed.example', address: { street: '', city: 'Springfield', state: '', zip: '' } });
    expect((await t.as(owner).get('/api/organizations/settings')).json().settings).toEqual(settings);
    const [row] = await rows<{ name: string }>(t.database.db, sql`select name from organizations where id = ${organizationId}`);
    expect(row.name).toBe('Renamed Health');
    const audits = (await auditEventsOf(t.database.db, 'organization.settings-updated')).filter((a) => a.organization_id === organizationId);
    expect(audits.at(-1)?.details?.fields).toContain('general.name');
  });

  it('refuses an http endpoint, an unknown field and a bad address with 400 and saves nothing', async () => {
    const { owner } = await clinicWithMember();
    const before = (await t.as(owner).get('/api/organizations/settings')).json().settings;
    for (const body of [
      { general: { name: 'Changed' }, integrations: { lab: { endpoint: 'http://lab.example.org' } } },
      { general: { name: 'Changed' }, security: { unknown: true } },
      { general: { name: 'Changed' }, security: { ipWhitelist: ['203.0.113.5', 'not-an-address'] } },
      { general: { name: 'Changed' }, security: { sessionTimeout: 2 } },
      { general: { name: 'Changed' }, security: { passwordPolicy: { minLength: 4 } } },
    ]) {
      const res = await save(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.as(owner).get('/api/organizations/settings')).json().settings).toEqual(before);
  });

  it('is refused to a Doctor with 403, and nothing is saved', async () => {
    const { owner, member } = await clinicWithMember();
    const res = await save(member, { general: { name: 'Doctor was here' } });
    expect(res.statusCode).toBe(403);
    expect((await t.as(owner).get('/api/organizations/settings')).json().settings.general.name).toBe('Other Health');
  });
});

describe('the IP allow-list, on every staff request of the organization', () => {
  it('lets an address inside a CIDR range in and refuses one outside with 403 auth/ip-not-allowed', async () => {
    const { owner, member, organizationId } = await clinicWithMember();
    expect((await save(owner, { security: { ipWhitelist: ['203.0.113.0/24', ' 192.0.2.10 ', ''] } })).statusCode).toBe(200);
    expect((await t.as(owner).get('/api/organizations/settings', { remoteAddress: '203.0.113.5' })).json().settings.security.ipWhitelist).toEqual([
      '203.0.113.0/24',
      '192.0.2.10',
    ]);
    expect((await staffRead(member, '203.0.113.200')).statusCode).toBe(200);
    expect((await staffRead(member, '192.0.2.10')).statusCode).toBe(200);
    const refused = await staffRead(member, '198.51.100.7');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth/ip-not-allowed');
    // Account routes outside the organization's data still answer, so the screen can say why.
    expect((await t.as(member).get('/api/auth/session', { remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
    // The public kiosk is not a staff request.
    const kiosk = await t.anon.get(`/api/public/clinic?organizationId=${organizationId}`, { remoteAddress: '198.51.100.7' });
    expect(kiosk.statusCode).toBe(200);
  });

  it('matches IPv6 addresses and ranges', async () => {
    const { owner, member } = await clinicWithMember();
    expect((await save(owner, { security: { ipWhitelist: ['2001:db8::/32'] } }, '2001:db8::1')).statusCode).toBe(200);
    expect((await staffRead(member, '2001:db8:ffff::9')).statusCode).toBe(200);
    expect((await staffRead(member, '2001:db9::1')).json().code).toBe('auth/ip-not-allowed');
    expect((await staffRead(member, '203.0.113.5')).json().code).toBe('auth/ip-not-allowed');
  });

  it("refuses a list that would shut out the saving Admin's own address, and keeps the old list", async () => {
    const { owner, member } = await clinicWithMember();
    const res = await save(owner, { security: { ipWhitelist: ['203.0.113.0/24'] } }, '198.51.100.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('settings/locks-you-out');
    expect(res.json().message).toContain('198.51.100.1');
    expect((await t.as(owner).get('/api/organizations/settings', { remoteAddress: '198.51.100.1' })).json().settings.security.ipWhitelist).toEqual(
      [],
    );
    expect((await staffRead(member, '198.51.100.1')).statusCode).toBe(200);
  });

  it('an empty list lets every address in again', async () => {
    const { owner, member } = await clinicWithMember();
    await save(owner, { security: { ipWhitelist: ['203.0.113.5'] } });
    expect((await staffRead(member, '198.51.100.7')).statusCode).toBe(403);
    expect((await save(owner, { security: { ipWhitelist: [] } })).statusCode).toBe(200);
    expect((await staffRead(member, '198.51.100.7')).statusCode).toBe(200);
  });
});

describe('the session timeout and required two-factor', () => {
  it("the organization's session timeout ends a member's session idle longer than it", async () => {
    const { owner, member, memberEmail } = await clinicWithMember();
    expect((await save(owner, { security: { sessionTimeout: 10 } })).statusCode).toBe(200);
    const age = (minutes: number) =>
      t.database.db.execute(
        sql`update sessions set last_seen_at = now() - make_interval(mins => ${minutes}) where user_id = (select id from users where email = ${memberEmail})`,
      );
    await age(9);
    expect((await t.as(member).get('/api/patients')).statusCode).toBe(200);
    await age(11);
    expect((await t.as(member).get('/api/patients')).statusCode).toBe(401);
  });

  it('a member without a second factor is sent to enrol: staff routes refuse, the session and enrolment answer', async () => {
    const { owner, member } = await clinicWithMember();
    expect((await save(owner, { security: { requireTwoFactor: true } })).statusCode).toBe(200);
    const refused = await t.as(member).get('/api/patients');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth/mfa-enrolment-required');
    const session = await t.as(member).get('/api/auth/session');
    expect(session.json().security).toEqual({ mfaEnabled: false, mfaEnrolmentRequired: true });
    expect((await t.as(member).post('/api/auth/mfa/enroll')).statusCode).toBe(200);
    expect((await t.as(member).get('/api/auth/security')).json().mfa.required).toBe(true);
  });
});
