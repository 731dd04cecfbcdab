import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOUND_FAILED } from '../../platform/outbound.js';
import { standInPolicy } from '../../platform/outbound.testing.js';
import { auditEventsOf, createOtherOrganization, json, rows, useTestApp } from '../../test/harness.js';

/**
 * Connection checks (the emergency room's Integrations tab): a status is what a real check found at
 * the integration's current address, against a FHIR server started here that stands in for an
 * on-premise one the deployment allows (OUTBOUND_ALLOW); Test Connection and Check connections
 * both record checks; repeated presses reuse a fresh check.
 */
const FHIR_HOST = 'fhir.hospital.test';
const t = useTestApp({ as: 'nurse', outbound: standInPolicy({ [FHIR_HOST]: '10.20.30.40' }, FHIR_HOST) });
const ORG = 'default-clinic';
const CHECK = '/api/emergency-dashboard/integrations/check';
const statuses = async () => json(await t.get('/api/emergency-dashboard/integrations')).integrations as Array<Record<string, any>>;
const byId = async (id: string) => (await statuses()).find((i) => i.id === id)!;

describe('integration checks', () => {
  let fhir: Server;
  let fhirUrl: string;
  let up = true;
  beforeAll(async () => {
    fhir = createServer((req, res) => {
      if (req.url === '/fhir/R4/metadata' && up) {
        res.setHeader('content-type', 'application/fhir+json');
        res.end(JSON.stringify({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', software: { name: 'Test FHIR' } }));
      } else {
        res.statusCode = 503;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => fhir.listen(0, '127.0.0.1', resolve));
    fhirUrl = `http://${FHIR_HOST}:${(fhir.address() as AddressInfo).port}/fhir/R4`;
  });
  afterAll(() => new Promise<void>((resolve) => fhir.close(() => resolve())));

  it('shows every integration DISCONNECTED while nothing is configured, and a check reaches nothing', async () => {
    // The demo seed configures an EMR and a lab at addresses that do not exist; switch them off.
    const off = { enabled: false };
    expect((await t.as('admin').put('/api/organizations/settings', { integrations: { emr: off, lab: off } })).statusCode).toBe(200);
    const res = await t.post(CHECK, {});
    expect(res.statusCode).toBe(200);
    expect(json(res).integrations.map((i: { id: string; status: string }) => `${i.id} ${i.status}`)).toEqual([
      'emr DISCONNECTED',
      'epic DISCONNECTED',
      'lab DISCONNECTED',
      'radiology DISCONNECTED',
    ]);
    expect(await rows(t.database.db, sql`select 1 from integration_checks where organization_id = ${ORG}`)).toHaveLength(0);
  });

  it('a configured integration stays DISCONNECTED until checked; a refused address is ERROR with the one message', async () => {
    const saved = await t.as('admin').put('/api/organizations/settings', {
      integrations: { lab: { enabled: true, systemName: 'LabCorp', endpoint: 'https://127.0.0.1:9/fhir' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(await byId('lab')).toMatchObject({ name: 'LabCorp', configured: true, status: 'DISCONNECTED', lastCheck: null, dataFlow: 'INBOUND' });

    const checked = json(await t.post(CHECK, {})).integrations.find((i: { id: string }) => i.id === 'lab');
    expect(checked).toMatchObject({ status: 'ERROR', errorCount: 1, uptime: 0, lastSync: null });
    expect(checked.lastError).toBe(OUTBOUND_FAILED);
    const [audit] = (await auditEventsOf(t.database.db, 'organization.integration-tested')).slice(-1);
    expect(audit.details).toMatchObject({ integration: 'lab', ok: false });
  });

  it('Test Connection of the Epic EHR is a check: CONNECTED after it succeeds, ERROR when the server fails', async () => {
    const admin = t.as('admin');
    // A server that asks for no sign-in: the bearer-token method with no token saved.
    await admin.put('/api/settings/integrations/epic', { enabled: true, baseUrl: fhirUrl, authMethod: 'bearer-token' });
    expect(json(await admin.post('/api/settings/integrations/epic/test', {}))).toMatchObject({ ok: true, fhirVersion: '4.0.1' });
    const epic = await byId('epic');
    expect(epic).toMatchObject({ status: 'CONNECTED', errorCount: 0, uptime: 100, lastError: null });
    expect(epic.lastSync).toBe(epic.lastCheck);

    up = false;
    expect(json(await admin.post('/api/settings/integrations/epic/test', {}))).toMatchObject({ ok: false, error: OUTBOUND_FAILED });
    expect(await byId('epic')).toMatchObject({
      status: 'ERROR',
      lastError: OUTBOUND_FAILED,
      errorCount: 1,
      uptime: 50,
      lastSync: epic.lastSync,
    });
    up = true;
  });

  it('Check connections reuses a check younger than 30 seconds, and checks again after', async () => {
    const count = async () =>
      (await rows(t.database.db, sql`select count(*)::int as n from integration_checks where organization_id = ${ORG}`))[0].n;
    const before = await count();
    await t.post(CHECK, {});
    expect(await count()).toBe(before);

    await t.database.db.execute(sql`update integration_checks set checked_at = checked_at - interval '1 minute' where organization_id = ${ORG}`);
    const after = json(await t.post(CHECK, {})).integrations;
    expect(await count()).toBe(before + 2);
    expect(after.find((i: { id: string }) => i.id === 'epic')).toMatchObject({ status: 'CONNECTED', errorCount: 1, uptime: 66.7 });
  });

  it('a changed address starts from no checks; old checks leave the uptime window', async () => {
    await t.database.db.execute(
      sql`update integration_checks set checked_at = checked_at - interval '8 days' where organization_id = ${ORG} and ok = false`,
    );
    expect(await byId('epic')).toMatchObject({ status: 'CONNECTED', errorCount: 0, uptime: 100 });
    await t.as('admin').put('/api/settings/integrations/epic', { baseUrl: `${fhirUrl}/` });
    expect(await byId('epic')).toMatchObject({ status: 'DISCONNECTED', lastCheck: null, configured: true });
  });

  it('is for staff who may open the emergency room, and reports only their own organization', async () => {
    expect((await t.as('staff').post(CHECK, {})).statusCode).toBe(403);
    expect((await t.anon.post(CHECK, {})).statusCode).toBe(401);
    const other = await createOtherOrganization(t.app);
    const theirs = await t.as(other.headers).get('/api/emergency-dashboard/integrations');
    expect(theirs.statusCode).toBe(200);
    const statuses = theirs.json().integrations.map((i: { status: string }) => i.status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses).toEqual(statuses.map(() => 'DISCONNECTED'));
  });
});

describe('what a tenant may make the server connect to (SSRF)', () => {
  let local: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    local = createServer((req, res) => {
      hits += 1;
      res.setHeader('content-type', 'application/json');
      if (req.url === '/fhir/metadata') res.end(JSON.stringify({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' }));
      else res.end(JSON.stringify({ service: 'an internal admin API' }));
    });
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    port = (local.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => local.close(() => resolve())));
  const admin = () => t.as('admin');
  const test = async () => json(await admin().post('/api/settings/integrations/epic/test', {}));

  it('Test Connection never reaches this machine, even with the on-premise switch an older version stored', async () => {
    const baseUrl = `http://127.0.0.1:${port}/fhir`;
    expect((await admin().put('/api/settings/integrations/epic', { enabled: true, baseUrl })).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update organizations set settings = jsonb_set(settings, '{integrations,epic,allowOnPremise}', 'true') where id = ${ORG}`,
    );
    expect(await test()).toEqual({ success: true, ok: false, fhirVersion: null, software: null, error: OUTBOUND_FAILED });
    expect(hits).toBe(0);
    // The stored value is ignored, and the next save drops it.
    expect(json(await admin().get('/api/org/info')).organization.epic).not.toHaveProperty('allowOnPremise');
  });

  it('answers the same message whether something answered that is not FHIR or nothing answered at all', async () => {
    await admin().put('/api/settings/integrations/epic', { baseUrl: `http://${FHIR_HOST}:${port}/not-fhir` });
    const notFhir = await test();
    expect(hits).toBe(1);
    await admin().put('/api/settings/integrations/epic', { baseUrl: `http://${FHIR_HOST}:1/fhir` });
    const nothing = await test();
    await admin().put('/api/settings/integrations/epic', { baseUrl: `https://unknown.hospital.test/fhir` });
    const noName = await test();
    expect(notFhir).toEqual({ success: true, ok: false, fhirVersion: null, software: null, error: OUTBOUND_FAILED });
    expect(nothing).toEqual(notFhir);
    expect(noName).toEqual(notFhir);
  });

  it('Check connections of the emergency room goes through the same guard', async () => {
    const before = hits;
    const endpoint = `https://127.0.0.1:${port}/fhir`;
    expect((await admin().put('/api/organizations/settings', { integrations: { radiology: { enabled: true, endpoint } } })).statusCode).toBe(200);
    const radiology = json(await t.post(CHECK, {})).integrations.find((i: { id: string }) => i.id === 'radiology');
    expect(radiology).toMatchObject({ status: 'ERROR', lastError: OUTBOUND_FAILED });
    expect(hits).toBe(before);
  });
});
