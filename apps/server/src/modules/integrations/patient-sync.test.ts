import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOUND_FAILED } from '../../platform/outbound.js';
import { standInPolicy } from '../../platform/outbound.testing.js';
import { auditEventsOf, createOtherOrganization, json, rows, useTestApp } from '../../test/harness.js';
import { patientPayload } from '../../test/patient-payload.js';
import { finishedRun } from './smart-sync.fixtures.js';

/**
 * Sync Patients (queued, then worked by the app's worker) against a FHIR server started here that
 * pages its Patients and asks for a bearer token (a connection saved without a sign-in method keeps
 * its bearer token): created, then unchanged on a second sync; a field changed in the EHR is updated unless the
 * clinic edited it; identifiers and name + birth date match existing patients; what the patient
 * form would refuse and restricted (erased) patients are skipped. The servers stand in for
 * on-premise ones the deployment allows (OUTBOUND_ALLOW names their hosts).
 */
const EHR_HOST = 'ehr.hospital.test';
const PARTNER_HOST = 'partner.clinic.test';
const t = useTestApp({
  as: 'admin',
  listen: true,
  // The Sync Patients worker, woken by each request (its own interval never comes in a test).
  ehrSyncMs: 60_000,
  outbound: standInPolicy({ [EHR_HOST]: '10.20.30.40', [PARTNER_HOST]: '10.20.30.41' }, `${EHR_HOST},${PARTNER_HOST}`),
});
const ORG = 'default-clinic';
const SYNC = '/api/settings/integrations/epic/sync';

/** Sync Patients as the Admin presses it: the run it queued, once the worker has ended it. */
async function syncRun(): Promise<Record<string, any>> {
  const res = await t.post(SYNC, {});
  expect(res.statusCode, res.body).toBe(202);
  return finishedRun(t, json(res).run.id);
}

const patient = (id: string, family: string, given: string, birthDate: string, phone: string, mrn?: string) => ({
  resourceType: 'Patient',
  id,
  ...(mrn ? { identifier: [{ system: 'urn:ehr:mrn', value: mrn }] } : {}),
  name: [{ use: 'official', family, given: [given] }],
  birthDate,
  gender: 'female',
  telecom: [{ system: 'phone', value: phone }],
});

describe('Sync Patients', () => {
  let ehr: Server;
  let base: string;
  let seenAuth: string | undefined;
  const records = [
    patient('e1', 'Synced', 'Alma', '1970-01-01', '555-0101', 'M1'),
    patient('e2', 'Synced', 'Bert', '1971-02-02', '555-0102', 'M2'),
    patient('e3', 'Synced', 'Cora', '1972-03-03', '555-0103'),
    { resourceType: 'Patient', id: 'e4', name: [{ family: 'Nameless' }] },
  ];
  beforeAll(async () => {
    ehr = createServer((req, res) => {
      seenAuth = req.headers.authorization;
      const url = new URL(req.url!, 'http://x');
      if (url.pathname !== '/fhir/Patient' || req.headers.authorization !== 'Bearer ehr-secret') {
        res.statusCode = 401;
        res.end('{}');
        return;
      }
      const offset = Number(url.searchParams.get('_offset') ?? 0);
      const count = 2;
      const entry = records.slice(offset, offset + count).map((resource) => ({ resource }));
      const link = [{ relation: 'self', url: `${base}/Patient?_offset=${offset}` }];
      if (offset + count < records.length) link.push({ relation: 'next', url: `${base}/Patient?_count=${count}&_offset=${offset + count}` });
      res.setHeader('content-type', 'application/fhir+json');
      res.end(JSON.stringify({ resourceType: 'Bundle', type: 'searchset', total: records.length, link, entry }));
    });
    await new Promise<void>((resolve) => ehr.listen(0, '127.0.0.1', resolve));
    base = `http://${EHR_HOST}:${(ehr.address() as AddressInfo).port}/fhir`;
  });
  afterAll(() => new Promise<void>((resolve) => ehr.close(() => resolve())));

  const synced = () =>
    rows(
      t.database.db,
      sql`select first_name, last_name, phone, created_by from patients where organization_id = ${ORG} and last_name = 'Synced' order by first_name`,
    );

  it('is refused while the connection is off, and for non-admins', async () => {
    expect((await t.post(SYNC, {})).statusCode).toBe(409);
    expect((await t.as('doctor').post(SYNC, {})).statusCode).toBe(403);
  });

  it('imports every page with the saved bearer token, skipping what is not a person', async () => {
    // An existing chart of the clinic with Cora's name and birth date is matched, not duplicated; its own phone stands.
    await t.database.db.execute(
      sql`insert into patients (organization_id, id, clinic_id, first_name, last_name, date_of_birth, phone, status) values (${ORG}, 'local-cora', 'default-clinic', 'cora', 'Synced', '1972-03-03', '555-7777', 'active')`,
    );
    const saved = await t.put('/api/settings/integrations/epic', { enabled: true, baseUrl: base, bearerToken: 'ehr-secret' });
    expect(saved.statusCode).toBe(200);
    expect(JSON.stringify(json(saved))).not.toContain('ehr-secret');
    expect(json(await t.get('/api/org/info')).organization.epicBearerTokenSet).toBe(true);
    // Kept sealed (platform/secret-box.ts): the database holds no trace of the token itself.
    const [stored] = await rows<{ token: string }>(
      t.database.db,
      sql`select bearer_token as token from integration_credentials where organization_id = ${ORG} and integration = 'epic'`,
    );
    expect(stored.token).toMatch(/^sealed:v1:/);
    expect(stored.token).not.toContain('ehr-secret');
    expect(Buffer.from(stored.token.slice('sealed:v1:'.length), 'base64url').toString('latin1')).not.toContain('ehr-secret');

    const res = await syncRun();
    expect(res.status).toBe('succeeded');
    // Cora's empty fields (gender) are filled from the EHR; her own phone stands.
    expect(res.summary).toMatchObject({ created: 2, updated: 1, unchanged: 0, skipped: 1, errors: 0, pages: 2, complete: true });
    expect(res.summary.messages).toEqual(['Skipped e4: No family and given name']);
    expect(seenAuth).toBe('Bearer ehr-secret');
    expect((await synced()).map((p) => `${p.first_name} ${p.phone}`)).toEqual(['Alma 555-0101', 'Bert 555-0102', 'cora 555-7777']);
    const [org] = await rows(
      t.database.db,
      sql`select settings -> 'integrations' -> 'epic' ->> 'lastSync' as last from organizations where id = ${ORG}`,
    );
    expect(org.last).toBe(res.summary.lastSync);
    expect((await auditEventsOf(t.database.db, 'organization.patients-synced')).at(-1)?.details).toMatchObject({ created: 2, skipped: 1 });
  });

  it('a second sync changes nothing', async () => {
    const res = await syncRun();
    expect(res.summary).toMatchObject({ created: 0, updated: 0, unchanged: 3, skipped: 1 });
    expect(await synced()).toHaveLength(3);
  });

  it('updates a field changed in the EHR unless the clinic edited it since the last sync', async () => {
    await t.database.db.execute(
      sql`update patients set phone = '555-9999' where organization_id = ${ORG} and first_name = 'Bert' and last_name = 'Synced'`,
    );
    records[0] = patient('e1', 'Synced', 'Alma', '1970-01-01', '555-0201', 'M1');
    records[1] = patient('e2', 'Synced', 'Bert', '1971-02-02', '555-0202', 'M2');
    const res = await syncRun();
    expect(res.summary).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    expect((await synced()).map((p) => `${p.first_name} ${p.phone}`)).toEqual(['Alma 555-0201', 'Bert 555-9999', 'cora 555-7777']);
  });

  it('matches a Patient the EHR re-numbered by its identifier', async () => {
    records[0] = patient('e1-new', 'Synced', 'Alma', '1970-01-01', '555-0201', 'M1');
    const res = await syncRun();
    expect(res.summary).toMatchObject({ created: 0, unchanged: 3 });
    expect(await synced()).toHaveLength(3);
  });

  it('reports a server that refuses the credential, and records no sync time', async () => {
    const before = json(await t.get('/api/org/info'));
    await t.put('/api/settings/integrations/epic', { bearerToken: 'wrong' });
    const res = await syncRun();
    expect(res).toMatchObject({ status: 'failed', error: OUTBOUND_FAILED });
    expect(res.summary).toMatchObject({ errors: 1, complete: false, lastSync: null, messages: [OUTBOUND_FAILED] });
    expect(json(await t.get('/api/org/info'))).toEqual(before);
  });

  it('skips and counts a Patient the patient form would refuse, and imports the rest of its page', async () => {
    await t.put('/api/settings/integrations/epic', { bearerToken: 'ehr-secret' });
    records.push(
      patient('e5', 'Synced\u202Eroc', 'Eve', '1980-01-01', '555-0105'),
      patient('e6', 'Synced', 'Fay', '1980-01-01', '=HYPERLINK("https://evil.example","call")'),
      patient('e7', 'Synced', 'Gus', '2023-02-31', '555-0107'),
      patient('e8', 'Synced', 'Hal', '1980-01-01', '555-0108'),
    );
    const res = await syncRun();
    expect(res.status).toBe('succeeded');
    expect(res.summary).toMatchObject({ created: 1, unchanged: 3, skipped: 4, errors: 0, complete: true });
    expect(res.summary.messages).toEqual([
      'Skipped e4: No family and given name',
      'Skipped e5: Last name cannot contain text-direction control characters',
      'Skipped e6: Enter a valid phone number',
      'Skipped e7: Enter a real date between 1900 and 2100 (YYYY-MM-DD)',
    ]);
    expect((await synced()).map((p) => p.first_name).sort()).toEqual(['Alma', 'Bert', 'Hal', 'cora']);
  });

  it('neither updates nor refills a patient whose processing an erasure restricted', async () => {
    const [alma] = await rows(t.database.db, sql`select id from patients where organization_id = ${ORG} and first_name = 'Alma'`);
    expect((await t.post('/api/gdpr/erase', { patientId: alma.id })).statusCode).toBe(200);
    const row = () =>
      rows(t.database.db, sql`select phone, email, street, city, updated_at from patients where organization_id = ${ORG} and id = ${alma.id}`);
    const erased = await row();
    records[0] = {
      ...patient('e1-new', 'Synced', 'Alma', '1970-01-01', '555-0301', 'M1'),
      telecom: [{ system: 'email', value: 'alma@example.org' }],
    };
    const res = await syncRun();
    expect(res.summary).toMatchObject({ created: 0, updated: 0, skipped: 5 });
    expect(res.summary.messages).toContain('Skipped e1-new: Processing of this patient is restricted (erasure)');
    expect(await row()).toEqual(erased);
  });
});

describe('Sync Patients from this product’s own FHIR server', () => {
  it("imports a second organization's patients through an API key of theirs; a second sync changes nothing", async () => {
    const other = await createOtherOrganization(t.app, 'owner@partner.example');
    await t.database.db.execute(
      sql`update organizations set plan_id = 'professional', subscription_status = 'active' where id = ${other.organizationId}`,
    );
    for (const [firstName, lastName] of [
      ['Pia', 'Partner'],
      ['Quinn', 'Partner'],
      ['Rae', 'Partner'],
    ]) {
      const created = await t.as(other.headers).post('/api/patients', patientPayload({ firstName, lastName, dateOfBirth: '1990-04-05' }));
      expect(created.statusCode, created.body).toBe(201);
    }
    const key = await t.as(other.headers).post('/api/organizations/api-keys', { name: 'Demo General sync', scopes: ['patient/Patient.read'] });
    expect(key.statusCode, key.body).toBe(201);

    const base = `http://${PARTNER_HOST}:${new URL(t.baseUrl).port}/fhir/R4`;
    const saved = await t.put('/api/settings/integrations/epic', { enabled: true, baseUrl: base, bearerToken: json(key).secret });
    expect(saved.statusCode).toBe(200);
    expect(json(await t.post('/api/settings/integrations/epic/test', {}))).toMatchObject({ ok: true, fhirVersion: '4.0.1' });

    const first = (await syncRun()).summary;
    expect(first).toMatchObject({ created: 3, updated: 0, unchanged: 0, skipped: 0, errors: 0, complete: true });
    const imported = await rows(
      t.database.db,
      sql`select first_name, date_of_birth::text as dob from patients where organization_id = ${ORG} and last_name = 'Partner' order by first_name`,
    );
    expect(imported.map((p) => `${p.first_name} ${p.dob}`)).toEqual(['Pia 1990-04-05', 'Quinn 1990-04-05', 'Rae 1990-04-05']);

    const second = (await syncRun()).summary;
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 3, errors: 0, complete: true });
    // The EMR row of the emergency room shows the connection and the import.
    const epic = json(await t.get('/api/emergency-dashboard/integrations')).integrations.find((i: { id: string }) => i.id === 'epic');
    expect(epic).toMatchObject({ status: 'CONNECTED', lastSync: second.lastSync });
  });
});
