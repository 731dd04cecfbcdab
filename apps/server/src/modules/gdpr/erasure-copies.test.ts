import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENT_DATA } from '../../db/schema/person-data.js';
import { allowList } from '../../platform/outbound.js';
import { countRows, freshAddress, rows, useTestApp } from '../../test/harness.js';
import { intakePayload } from '../../test/clinical-trials.fixtures.js';

/**
 * An erasure leaves no copy of the patient's contact data anywhere in the database: three charts
 * made the three ways public or imported data comes in (kiosk, pediatric intake, EHR sync), each
 * with distinctive contact values, are erased, and then neither the columns the list of
 * `db/schema/person-data.ts` says are erased nor a `pg_dump --data-only` of the whole database
 * (audit rows and stored answers included) holds any of those values. PostgreSQL only (pg_dump).
 */
const EHR_HOST = 'ehr.erasure.test';
const KIOSK = { email: 'kiosk.zq71@erasure.example', phone: '(555) 710-4477', digits: '5557104477', guardian: 'Quillfeather' };
const INTAKE = {
  email: 'intake.zq72@erasure.example',
  phone: '555-720-8811',
  digits: '5557208811',
  street: '72 Quillon Lane',
  city: 'Zephyrton',
  guardianFirst: 'Ottoline',
  guardianLast: 'Brackwater',
  guardianPhone: '555-720-8813',
  guardianEmail: 'guardian.zq72@erasure.example',
};
const SYNC = { email: 'sync.zq73@erasure.example', phone: '555-730-9911', digits: '5557309911', street: '73 Varnish Street', city: 'Quorvale' };
const SECRETS = [
  KIOSK.email,
  KIOSK.phone,
  KIOSK.digits,
  KIOSK.guardian,
  INTAKE.email,
  INTAKE.phone,
  INTAKE.digits,
  INTAKE.street,
  INTAKE.city,
  INTAKE.guardianFirst,
  INTAKE.guardianLast,
  INTAKE.guardianPhone,
  INTAKE.guardianEmail,
  SYNC.email,
  SYNC.phone,
  SYNC.digits,
  SYNC.street,
  SYNC.city,
  'ZQ73-MRN',
];

const ehrPatient = {
  resourceType: 'Patient',
  id: 'zq73',
  identifier: [{ system: 'urn:ehr:mrn', value: 'ZQ73-MRN' }],
  name: [{ use: 'official', family: 'Erasedsync', given: ['Sol'] }],
  birthDate: '1981-03-07',
  gender: 'female',
  telecom: [
    { system: 'phone', value: SYNC.phone },
    { system: 'email', value: SYNC.email },
  ],
  address: [{ use: 'home', line: [SYNC.street], city: SYNC.city, state: 'ZQ', postalCode: '73073' }],
};

describe.skipIf(!process.env.DATABASE_URL)('erasure of a patient made by the kiosk, the intake and a sync', () => {
  // The EHR is a server started here, reached under a name the deployment allows (OUTBOUND_ALLOW).
  const t = useTestApp({
    as: 'admin',
    // The Sync Patients worker, woken by each request (its own interval never comes in a test).
    ehrSyncMs: 60_000,
    outbound: {
      allow: allowList(EHR_HOST),
      resolve: async () => [{ address: '10.73.73.73', family: 4 }],
      dial: () => ({ address: '127.0.0.1', family: 4 }),
    },
  });
  let ehr: Server;

  /** Sync Patients as the Admin presses it: the run it queued, once the background worker ended it. */
  async function syncRun(): Promise<Record<string, any>> {
    const queued = await t.post('/api/settings/integrations/epic/sync', {});
    expect(queued.statusCode, queued.body).toBe(202);
    for (let i = 0; i < 500; i += 1) {
      const runs = (await t.get('/api/settings/integrations/epic/sync-runs?limit=50')).json().runs as Array<Record<string, any>>;
      const run = runs.find((r) => r.id === queued.json().run.id);
      if (run?.status === 'succeeded' || run?.status === 'failed') return run;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the sync run did not end');
  }
  const ids: Record<'kiosk' | 'intake' | 'sync', string> = { kiosk: '', intake: '', sync: '' };

  beforeAll(async () => {
    ehr = createServer((_req, res) => {
      res.setHeader('content-type', 'application/fhir+json');
      res.end(JSON.stringify({ resourceType: 'Bundle', type: 'searchset', total: 1, entry: [{ resource: ehrPatient }] }));
    });
    await new Promise<void>((resolve) => ehr.listen(0, '127.0.0.1', resolve));
    const base = `http://${EHR_HOST}:${(ehr.address() as AddressInfo).port}/fhir`;

    const kiosk = await t.anon.post(
      '/api/triage/case',
      {
        firstName: 'Kira',
        lastName: 'Erasedkiosk',
        dateOfBirth: '1960-05-05',
        phoneNumber: KIOSK.phone,
        email: KIOSK.email,
        emergencyContact: `Mara ${KIOSK.guardian}`,
        emergencyPhone: '555-710-4478',
        chiefComplaint: 'Dizzy spells',
        symptoms: ['dizziness'],
        painLevel: 2,
      },
      { headers: { 'idempotency-key': 'erasure-kiosk-0001' }, remoteAddress: freshAddress() },
    );
    expect(kiosk.statusCode, kiosk.body).toBe(201);
    const [entry] = await rows(t.database.db, sql`select patient_id from queue_entries where id = ${kiosk.json().case.id}`);
    ids.kiosk = entry.patient_id;

    const intake = await t.anon.post(
      '/api/patients/pediatric',
      intakePayload({
        lastName: 'Erasedintake',
        primaryPhone: INTAKE.phone,
        secondaryPhone: '555-720-8812',
        email: INTAKE.email,
        address: { street: INTAKE.street, city: INTAKE.city, state: 'ZQ', zipCode: '72072' },
        guardian1: {
          firstName: INTAKE.guardianFirst,
          lastName: INTAKE.guardianLast,
          relationship: 'parent',
          phone: INTAKE.guardianPhone,
          email: INTAKE.guardianEmail,
          address: `${INTAKE.street}, ${INTAKE.city}`,
        },
      }),
      { headers: { 'idempotency-key': 'erasure-intake-0001' }, remoteAddress: freshAddress() },
    );
    expect(intake.statusCode, intake.body).toBe(201);
    ids.intake = intake.json().patientId;
    const queued = await t.anon.post(
      `/api/patients/pediatric/${ids.intake}/queue`,
      {},
      { headers: { 'x-intake-token': intake.json().intakeToken }, remoteAddress: freshAddress() },
    );
    expect(queued.statusCode, queued.body).toBe(201);

    const saved = await t.put('/api/settings/integrations/epic', { enabled: true, baseUrl: base, bearerToken: 'ehr-secret' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await syncRun()).summary).toMatchObject({ created: 1, errors: 0 });
    const [imported] = await rows(t.database.db, sql`select id from patients where last_name = 'Erasedsync'`);
    ids.sync = imported.id;

    // Staff find and read the charts by their contact data, as a front desk does.
    for (const search of [KIOSK.digits, INTAKE.email, SYNC.phone]) {
      expect((await t.get(`/api/patients?search=${encodeURIComponent(search)}`)).json().total).toBe(1);
    }
    for (const id of Object.values(ids)) expect((await t.get(`/api/patients/${id}`)).statusCode).toBe(200);
  });
  afterAll(() => new Promise<void>((resolve) => ehr.close(() => resolve())));

  it('holds the contact values in the copies before the erasure (the check below would see them)', async () => {
    const dump = await dataDump(t.url!);
    // Bare phone digits live only in generated columns (which a dump leaves out) until a search or a copy writes them.
    const stored = SECRETS.filter((s) => !/^\d+$/.test(s));
    expect(stored.filter((s) => dump.includes(s))).toEqual(stored);
  });

  it('empties every column the list says is erased, for each chart', async () => {
    for (const id of Object.values(ids)) {
      const res = await t.post('/api/gdpr/erase', { patientId: id });
      expect(res.statusCode, res.body).toBe(200);
    }
    const patientIds = Object.values(ids);
    // Each listed column that still holds something: an erased one must be empty, a derived or JSON one free of the values.
    const left: string[] = [];
    const read = new Set<string>();
    for (const [table, entry] of Object.entries(PATIENT_DATA)) {
      for (const [column, how] of Object.entries(entry.columns)) {
        if (!('erase' in how) || !entry.patientKey) continue;
        const found = await rows<{ value: unknown }>(
          t.database.db,
          sql`select ${sql.identifier(column)} as value from ${sql.identifier(table)} where ${sql.identifier(entry.patientKey)} = any(${sql.param(patientIds)}::text[])`,
        );
        if (found.length) read.add(table);
        for (const { value } of found) {
          const text = value === null ? '' : JSON.stringify(value);
          const kept = how.erase === 'null' ? !['', '[]', '""'].includes(text) : SECRETS.some((s) => text.includes(s));
          if (kept) left.push(`${table}.${column}: ${text}`);
        }
      }
    }
    // The charts' own rows and their copies were read, so an empty list means erased, not unseen.
    expect([...read]).toEqual(expect.arrayContaining(['patients', 'queue_entries', 'pediatric_intakes', 'ehr_patient_links']));
    expect(left).toEqual([]);
    // The stored answers to the kiosk check-in and the intake named the queue entry and the chart.
    const answers = await rows(
      t.database.db,
      sql`with named(id) as (select unnest(${sql.param(patientIds)}::text[])
                              union select id from queue_entries where patient_id = any(${sql.param(patientIds)}::text[])
                              union select id from pediatric_intakes where patient_id = any(${sql.param(patientIds)}::text[]))
          select key from idempotency_keys k where exists (select 1 from named where strpos(k.response_body::text, named.id) > 0)`,
    );
    expect(answers).toEqual([]);
    expect(await countRows(t.database.db, 'idempotency_keys', sql`key in ('erasure-kiosk-0001', 'erasure-intake-0001')`)).toBe(0);
  });

  it('leaves none of the e-mails, phone numbers, streets or guardian names anywhere in a data dump of the database', async () => {
    const dump = await dataDump(t.url!);
    expect(SECRETS.filter((s) => dump.includes(s))).toEqual([]);
    // The charts themselves are kept, with their names, as the medical record.
    for (const name of ['Erasedkiosk', 'Erasedintake', 'Erasedsync']) expect(dump).toContain(name);
  });

  it('a later sync leaves the erased chart alone', async () => {
    expect((await syncRun()).summary).toMatchObject({ created: 0, updated: 0, skipped: 1 });
    const [chart] = await rows(t.database.db, sql`select phone, email, street from patients where id = ${ids.sync}`);
    expect(chart).toEqual({ phone: null, email: null, street: null });
    const dump = await dataDump(t.url!);
    expect(SECRETS.filter((s) => dump.includes(s))).toEqual([]);
  });
});

/** `pg_dump --data-only` of the test's database: every row of every table, as text. */
async function dataDump(url: string): Promise<string> {
  const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', '--no-owner', url], { maxBuffer: 512 * 1024 * 1024 });
  return stdout;
}
