import { SSO_DOMAIN_TAKEN_MESSAGE, SSO_DOMAIN_UNVERIFIED_MESSAGE } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEventsOf, countRows, createOtherOrganization, rows, useTestApp } from '../../test/harness.js';
import { ISSUER_UNREACHABLE } from './sso-config.service.js';
import { ssoBody, testTxtResolver, txtRecords } from './sso-setup.testing.js';
import { APP_ORIGIN, CLIENT, idpPolicy, startTestIdp, UNLISTED_HOST, type TestIdp } from './test-idp.testing.js';

/**
 * Settings' single sign-on panel: Admins and the Owner save the provider (discovered before
 * anything is written), the write-only client secret, and the claimed domains, proven by a TXT
 * record; a domain belongs to one organization.
 */
const t = useTestApp({ as: 'admin', publicUrl: APP_ORIGIN, outbound: idpPolicy(), resolveTxt: testTxtResolver });
let idp: TestIdp;
const SECRET = CLIENT.secret;

beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(() => idp?.close());

describe('the single sign-on settings', () => {
  it('read before any save: off, with the addresses to register at the provider', async () => {
    const res = await t.get('/api/organizations/sso');
    expect(res.statusCode).toBe(200);
    expect(res.json().ssoConfiguration).toEqual({
      enabled: false,
      issuer: '',
      clientId: '',
      hasClientSecret: false,
      domains: [],
      enforce: false,
      defaultRole: 'Staff',
      redirectUri: `${APP_ORIGIN}/api/auth/sso/callback`,
      signInUrl: `${APP_ORIGIN}/login?sso=default-clinic`,
    });
  });

  it('are refused to a member below Admin, who writes nothing', async () => {
    expect((await t.as('manager').get('/api/organizations/sso')).statusCode).toBe(403);
    expect((await t.as('manager').put('/api/organizations/sso', ssoBody(idp))).statusCode).toBe(403);
    expect(await countRows(t.database.db, 'sso_configurations')).toBe(0);
  });

  it('refuse an issuer whose discovery fails, naming the field, and write nothing', async () => {
    for (const issuer of [`${idp.issuer}/no-such-tenant`, 'https://idp.nowhere.test', `http://${UNLISTED_HOST}:${new URL(idp.issuer).port}`]) {
      const res = await t.put('/api/organizations/sso', ssoBody(idp, { issuer }));
      expect(res.statusCode, issuer).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation/sso-issuer', issues: [{ path: 'issuer', message: ISSUER_UNREACHABLE }] });
    }
    expect(await countRows(t.database.db, 'sso_configurations')).toBe(0);
  });

  it('switch off without asking the provider, so a provider that is gone cannot keep single sign-on on', async () => {
    const res = await t.put('/api/organizations/sso', ssoBody(idp, { enabled: false, issuer: 'https://idp.nowhere.test' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().ssoConfiguration).toMatchObject({ enabled: false, issuer: 'https://idp.nowhere.test' });
    await t.database.db.execute(sql`delete from sso_configurations`);
  });

  it('refuse a default role above Manager', async () => {
    for (const defaultRole of ['Admin', 'Owner']) {
      const res = await t.put('/api/organizations/sso', { ...ssoBody(idp), defaultRole });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain('defaultRole');
    }
    expect(await countRows(t.database.db, 'sso_configurations')).toBe(0);
  });

  it('save the provider with a sealed client secret that no answer or audit row shows', async () => {
    const res = await t.put('/api/organizations/sso', ssoBody(idp, { domains: ['demo-hospital.test', 'Demo-Clinic.test'] }));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    expect(res.json().ssoConfiguration).toMatchObject({
      enabled: true,
      issuer: idp.issuer,
      clientId: CLIENT.id,
      hasClientSecret: true,
      defaultRole: 'Nurse',
    });
    const read = await t.get('/api/organizations/sso');
    expect(read.body).not.toContain(SECRET);
    expect(read.json().ssoConfiguration.hasClientSecret).toBe(true);
    const [row] = await rows(t.database.db, sql`select client_secret from sso_configurations where organization_id = 'default-clinic'`);
    expect(row.client_secret).toMatch(/^sealed:v1:/);
    expect(row.client_secret).not.toContain(SECRET);
    const audits = await auditEventsOf(t.database.db, 'sso.configuration-updated');
    expect(JSON.stringify(audits)).not.toContain(SECRET);
    expect(audits.at(-1)!.details).toMatchObject({ clientSecret: 'replaced', domainsAdded: ['demo-hospital.test', 'demo-clinic.test'] });
  });

  it('keep the secret when none is sent, and remove it when null is', async () => {
    const body = { ...ssoBody(idp, { domains: ['demo-hospital.test', 'demo-clinic.test'] }) } as Record<string, unknown>;
    delete body.clientSecret;
    expect((await t.put('/api/organizations/sso', body)).json().ssoConfiguration.hasClientSecret).toBe(true);
    const removed = await t.put('/api/organizations/sso', { ...body, clientSecret: null });
    expect(removed.json().ssoConfiguration.hasClientSecret).toBe(false);
    expect((await auditEventsOf(t.database.db, 'sso.configuration-updated')).slice(-2).map((a) => a.details?.clientSecret)).toEqual([
      'kept',
      'removed',
    ]);
    await t.put('/api/organizations/sso', ssoBody(idp, { domains: ['demo-hospital.test', 'demo-clinic.test'] }));
  });
});

describe('claimed domains', () => {
  it('start unverified, with a TXT record to publish', async () => {
    const domains = (await t.get('/api/organizations/sso')).json().ssoConfiguration.domains;
    expect(domains).toEqual([
      {
        domain: 'demo-clinic.test',
        txtRecord: expect.stringMatching(/^clinicflow-verification=[A-Za-z0-9_-]{40,}$/),
        verified: false,
        verifiedAt: null,
      },
      { domain: 'demo-hospital.test', txtRecord: expect.stringMatching(/^clinicflow-verification=/), verified: false, verifiedAt: null },
    ]);
    expect(domains[0].txtRecord).not.toBe(domains[1].txtRecord);
  });

  it('are verified only once the TXT record is published (split into strings as DNS may)', async () => {
    const missing = await t.post('/api/organizations/sso/domains/demo-hospital.test/verify');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: SSO_DOMAIN_UNVERIFIED_MESSAGE, issues: [{ path: 'domain' }] });
    txtRecords.set('demo-hospital.test', [['v=spf1 -all'], ['clinicflow-verification=not-the-token']]);
    expect((await t.post('/api/organizations/sso/domains/demo-hospital.test/verify')).statusCode).toBe(400);

    const { domains } = (await t.get('/api/organizations/sso')).json().ssoConfiguration;
    const record: string = domains.find((d: { domain: string }) => d.domain === 'demo-hospital.test').txtRecord;
    txtRecords.set('demo-hospital.test', [['v=spf1 -all'], [record.slice(0, 20), record.slice(20)]]);
    const res = await t.post('/api/organizations/sso/domains/Demo-Hospital.test/verify');
    expect(res.statusCode).toBe(200);
    expect(res.json().domain).toMatchObject({ domain: 'demo-hospital.test', verified: true, verifiedAt: expect.any(String) });
    expect(await auditEventsOf(t.database.db, 'sso.domain-verified')).toMatchObject([
      { organization_id: 'default-clinic', entity_id: 'demo-hospital.test' },
    ]);
  });

  it('answer 404 for a domain the organization has not claimed', async () => {
    expect((await t.post('/api/organizations/sso/domains/unclaimed.test/verify')).statusCode).toBe(404);
  });

  it('belong to one organization: another may claim a verified domain but never verify it', async () => {
    const other = await createOtherOrganization(t.app, 'owner@rival.test');
    const saved = await t.as(other.headers).put('/api/organizations/sso', ssoBody(idp, { domains: ['demo-hospital.test'] }));
    expect(saved.statusCode).toBe(200);
    const record = saved.json().ssoConfiguration.domains[0].txtRecord;
    txtRecords.set('demo-hospital.test', [[record]]);
    const res = await t.as(other.headers).post('/api/organizations/sso/domains/demo-hospital.test/verify');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict/sso-domain-taken', message: SSO_DOMAIN_TAKEN_MESSAGE });
    expect(await countRows(t.database.db, 'sso_domains', sql`domain = 'demo-hospital.test' and verified_at is not null`)).toBe(1);
  });

  it('removed from the list are released, and another organization may then verify them', async () => {
    await t.put('/api/organizations/sso', ssoBody(idp, { domains: ['demo-clinic.test'] }));
    expect(await countRows(t.database.db, 'sso_domains', sql`organization_id = 'default-clinic' and domain = 'demo-hospital.test'`)).toBe(0);
    const [rival] = await rows(t.database.db, sql`select organization_id from sso_domains where domain = 'demo-hospital.test'`);
    const owner = await t.as('owner@rival.test', 'secret-pass').post('/api/organizations/sso/domains/demo-hospital.test/verify');
    expect(owner.statusCode).toBe(200);
    expect(
      await rows(t.database.db, sql`select organization_id from sso_domains where domain = 'demo-hospital.test' and verified_at is not null`),
    ).toEqual([rival]);
  });
});
