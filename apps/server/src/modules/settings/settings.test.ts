import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOUND_FAILED, PUBLIC_ONLY } from '../../platform/outbound.js';
import { standInPolicy } from '../../platform/outbound.testing.js';
import { auditEventsOf, countRows, createOtherOrganization, json, rows, useTestApp } from '../../test/harness.js';
import { probeFhirServer } from '../integrations/index.js';

/**
 * A member's settings through the API: the round trip and partial merge, refusals that write
 * nothing, the role kept from a profile form, one member never reaching another's settings, and
 * the Epic Test Connection against a FHIR server started here (standing in for an on-premise one
 * that the deployment's OUTBOUND_ALLOW names; another name on the same network it does not).
 */
const ALLOWED_HOST = 'fhir.hospital.test';
const OTHER_HOST = 'other.hospital.test';
const t = useTestApp({
  as: 'doctor',
  outbound: standInPolicy({ [ALLOWED_HOST]: '10.20.30.40', [OTHER_HOST]: '10.20.30.41' }, ALLOWED_HOST),
});
const ORG = 'default-clinic';
const storedOf = async (email: string) =>
  rows(
    t.database.db,
    sql`select s.settings from member_settings s join users u on u.id = s.user_id where s.organization_id = ${ORG} and u.email = ${email}`,
  );

describe('settings', () => {
  it('a save round-trips and later saves merge into it', async () => {
    let res = await t.post('/api/settings', {
      settings: { appearance: { theme: 'dark' }, preferences: { dashboard: { showRecentActivity: false } } },
    });
    expect(res.statusCode).toBe(200);
    res = await t.post('/api/settings', { settings: { appearance: { timeFormat: '24h' } } });
    expect(res.statusCode).toBe(200);
    const prefs = json(await t.get('/api/user/preferences'));
    expect(prefs.appearance).toMatchObject({ theme: 'dark', timeFormat: '24h', fontSize: 'medium' });
    expect(prefs.preferences.dashboard).toMatchObject({ showRecentActivity: false, showQuickActions: true, refreshInterval: 30 });
    const profile = json(await t.get('/api/user/profile')).profile;
    expect(profile).toMatchObject({ email: 'doctor@demo.clinic', role: 'Doctor' });
    expect((await auditEventsOf(t.database.db, 'settings.updated')).length).toBeGreaterThanOrEqual(2);
  });

  it("the member's session timeout follows the organization's until they choose a shorter one", async () => {
    const other = await createOtherOrganization(t.app, 'timeouts@example.org');
    const owner = t.as(other.headers);
    expect((await owner.put('/api/organizations', { settings: { sessionTimeoutMinutes: 10 } })).statusCode).toBe(200);
    // Below the 30-minute default: the default is no choice, so an unrelated save still passes.
    expect((await owner.post('/api/settings', { settings: { appearance: { compactMode: true } } })).statusCode).toBe(200);
    expect(json(await owner.get('/api/user/security')).security.authentication.sessionTimeout).toBe(10);
    expect((await owner.post('/api/settings', { settings: { security: { authentication: { sessionTimeout: 5 } } } })).statusCode).toBe(200);
    const [row] = await rows(
      t.database.db,
      sql`select s.session_timeout_minutes from member_settings s where s.organization_id = ${other.organizationId}`,
    );
    expect(row).toEqual({ session_timeout_minutes: 5 });
    // Back to the organization's: no choice of their own is kept.
    expect((await owner.post('/api/settings', { settings: { security: { authentication: { sessionTimeout: 10 } } } })).statusCode).toBe(200);
    const [after] = await rows(
      t.database.db,
      sql`select s.session_timeout_minutes from member_settings s where s.organization_id = ${other.organizationId}`,
    );
    expect(after).toEqual({ session_timeout_minutes: null });
  });

  it("the System category's integration toggles are the organization settings' own: Admins switch them, others cannot", async () => {
    const admin = t.as('admin');
    const info = async () => json(await t.get('/api/org/info')).organization.integrations;
    const before = await info();
    const on = await admin.put('/api/organizations/settings', { integrations: { lab: { enabled: !before.lab } } });
    expect(on.statusCode).toBe(200);
    expect(json(on).settings.integrations.lab.enabled).toBe(!before.lab);
    expect(await info()).toMatchObject({ lab: !before.lab });
    // A doctor sees the value and cannot change it.
    const refused = await t.put('/api/organizations/settings', { integrations: { lab: { enabled: before.lab } } });
    expect(refused.statusCode).toBe(403);
    expect(await info()).toMatchObject({ lab: !before.lab });
    expect((await admin.put('/api/organizations/settings', { integrations: { lab: { enabled: Boolean(before.lab) } } })).statusCode).toBe(200);
  });

  it('profile names, phone and department are saved as the member’s own', async () => {
    const res = await t.post('/api/settings', { settings: { profile: { firstName: 'Ada', phone: '555-0100', department: 'Cardiology' } } });
    expect(res.statusCode).toBe(200);
    const profile = json(await t.get('/api/user/profile')).profile;
    expect(profile).toMatchObject({ firstName: 'Ada', phone: '555-0100', department: 'Cardiology' });
    const [member] = await rows(
      t.database.db,
      sql`select m.department, u.first_name from organization_members m join users u on u.id = m.user_id where u.email = 'doctor@demo.clinic' and m.organization_id = ${ORG}`,
    );
    expect(member).toMatchObject({ department: 'Cardiology', first_name: 'Ada' });
  });

  it.each([
    ['a wrong value', { appearance: { theme: 'pink' } }],
    ['an unknown key', { appearance: { sparkle: true } }],
    ['an unknown section', { extras: {} }],
    ['a session timeout longer than the organization’s', { security: { authentication: { sessionTimeout: 600 } } }],
    ['two-factor switched on here (it is set up on Account Security)', { security: { authentication: { twoFactorEnabled: true } } }],
    ['encryption turned off', { security: { data: { encryptionEnabled: false } } }],
    ['another e-mail', { profile: { email: 'me@elsewhere.org' } }],
  ])('%s is a 400 and nothing is saved', async (_name, settings) => {
    const before = await storedOf('doctor@demo.clinic');
    const res = await t.post('/api/settings', { settings: { appearance: { theme: 'light' }, ...settings } });
    expect(res.statusCode).toBe(400);
    expect(await storedOf('doctor@demo.clinic')).toEqual(before);
  });

  it('a role change from the profile is refused with 403 and nothing is saved', async () => {
    const before = await storedOf('doctor@demo.clinic');
    const res = await t.post('/api/settings', { settings: { profile: { role: 'Admin' }, appearance: { theme: 'light' } } });
    expect(res.statusCode).toBe(403);
    expect(await storedOf('doctor@demo.clinic')).toEqual(before);
    const [m] = await rows(
      t.database.db,
      sql`select m.role from organization_members m join users u on u.id = m.user_id where u.email = 'doctor@demo.clinic'`,
    );
    expect(m.role).toBe('Doctor');
    // An Admin cannot raise or change their own rank from the form either.
    expect((await t.as('admin').post('/api/settings', { settings: { profile: { role: 'Manager' } } })).statusCode).toBe(403);
  });

  it('saving the unchanged role is fine', async () => {
    expect((await t.post('/api/settings', { settings: { profile: { role: 'Doctor' } } })).statusCode).toBe(200);
  });

  it("one member's settings never reach another member or organization", async () => {
    await t.post('/api/settings', { settings: { appearance: { theme: 'dark', colorScheme: 'purple' } } });
    const nurse = json(await t.as('nurse').get('/api/user/preferences'));
    expect(nurse.appearance.colorScheme).toBe('blue');
    const other = await createOtherOrganization(t.app, 'owner@settings-other.org');
    const theirs = json(await t.as(other.headers).get('/api/user/preferences'));
    expect(theirs.appearance.colorScheme).toBe('blue');
    // Naming the demo organization from outside it is refused.
    expect((await t.as(other.headers).get(`/api/user/preferences?organizationId=${ORG}`)).statusCode).toBe(403);
    expect(await countRows(t.database.db, 'member_settings', sql`organization_id = ${other.organizationId}`)).toBe(0);
  });

  it('needs a session', async () => {
    expect((await t.anon.get('/api/user/profile')).statusCode).toBe(401);
    expect((await t.anon.post('/api/settings', { settings: {} })).statusCode).toBe(401);
  });

  it('org info gives the System category its facts', async () => {
    const { organization } = json(await t.get('/api/org/info'));
    expect(organization).toMatchObject({ id: ORG, role: 'Doctor', sessionTimeoutMinutes: 30 });
    expect(organization.epic).toMatchObject({ enabled: false, environment: 'sandbox' });
  });
});

describe('Epic EHR connection', () => {
  let fhir: Server;
  let fhirUrl: string;
  beforeAll(async () => {
    fhir = createServer((req, res) => {
      if (req.url === '/fhir/R4/metadata') {
        res.setHeader('content-type', 'application/fhir+json');
        res.end(JSON.stringify({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', software: { name: 'Test FHIR', version: '1.2' } }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => fhir.listen(0, '127.0.0.1', resolve));
    fhirUrl = `http://${ALLOWED_HOST}:${(fhir.address() as AddressInfo).port}/fhir/R4`;
  });
  afterAll(() => new Promise<void>((resolve) => fhir.close(() => resolve())));

  const admin = () => t.as('admin');

  it('is saved for the organization by Admins only, keeping its other settings', async () => {
    expect((await t.put('/api/settings/integrations/epic', { enabled: true })).statusCode).toBe(403);
    const res = await admin().put('/api/settings/integrations/epic', {
      enabled: true,
      clientId: 'abc',
      baseUrl: fhirUrl,
      authMethod: 'bearer-token',
    });
    expect(res.statusCode).toBe(200);
    const [org] = await rows(t.database.db, sql`select settings from organizations where id = ${ORG}`);
    expect(org.settings.integrations.epic).toMatchObject({ enabled: true, clientId: 'abc', baseUrl: fhirUrl, lastSync: null });
    expect(org.settings.timezone).toBeDefined();
    expect((await auditEventsOf(t.database.db, 'organization.integration-updated')).length).toBe(1);
  });

  it('Test Connection refuses a private address the deployment does not allow, over http or https, then reads the CapabilityStatement of one it allows', async () => {
    const other = fhirUrl.replace(ALLOWED_HOST, OTHER_HOST);
    await admin().put('/api/settings/integrations/epic', { baseUrl: other });
    let res = json(await admin().post('/api/settings/integrations/epic/test', {}));
    expect(res).toMatchObject({ success: true, ok: false, error: OUTBOUND_FAILED });
    await admin().put('/api/settings/integrations/epic', { baseUrl: other.replace('http:', 'https:') });
    res = json(await admin().post('/api/settings/integrations/epic/test', {}));
    expect(res).toMatchObject({ ok: false, error: OUTBOUND_FAILED });
    await admin().put('/api/settings/integrations/epic', { baseUrl: fhirUrl });
    res = json(await admin().post('/api/settings/integrations/epic/test', {}));
    expect(res).toEqual({ success: true, ok: true, fhirVersion: '4.0.1', software: 'Test FHIR 1.2', error: null });
    expect((await auditEventsOf(t.database.db, 'organization.integration-tested')).length).toBe(3);
  });

  it('has no on-premise switch for an organization to turn on: the deployment decides', async () => {
    const res = await admin().put('/api/settings/integrations/epic', { allowOnPremise: true });
    expect(res.statusCode).toBe(400);
    expect(json(res).issues).toEqual([expect.objectContaining({ message: expect.stringMatching(/allowOnPremise/) })]);
  });

  it('refuses private, loopback and metadata addresses and names that resolve to them, with one message', async () => {
    const log = { warn: () => undefined };
    for (const url of [
      'https://10.1.2.3/fhir',
      'https://192.168.0.5/fhir',
      'https://169.254.169.254/latest',
      'https://[::1]/fhir',
      'https://[::ffff:127.0.0.1]/x',
    ]) {
      expect(await probeFhirServer(url, { policy: PUBLIC_ONLY, log }), url).toEqual({
        ok: false,
        fhirVersion: null,
        software: null,
        error: OUTBOUND_FAILED,
      });
    }
    const resolvesPrivate = { ...PUBLIC_ONLY, resolve: async () => [{ address: '10.0.0.7', family: 4 }] };
    expect(await probeFhirServer('https://fhir.example.org/R4', { policy: resolvesPrivate, log })).toMatchObject({ error: OUTBOUND_FAILED });
  });

  it('reports a server answering 404 with the same message, and logs the status', async () => {
    const reasons: string[] = [];
    const log = { warn: (details: object) => reasons.push((details as { outbound: { reason: string } }).outbound.reason) };
    const policy = standInPolicy({ [ALLOWED_HOST]: '10.20.30.40' }, ALLOWED_HOST);
    const r = await probeFhirServer(fhirUrl.replace('/fhir/R4', '/other'), { policy, log });
    expect(r).toEqual({ ok: false, fhirVersion: null, software: null, error: OUTBOUND_FAILED });
    expect(reasons).toEqual(['status 404']);
  });
});
