import { and, eq, sql } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import type { Bundle, CapabilityStatement, Observation, OperationOutcome, Patient } from 'fhir/r4';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, emergencyEntryDetails, patientVisits, patients, queueEntries } from '../../db/schema/index.js';
import { fhirSchemaErrors } from '../../test/fhir-validator.js';
import { auditEventsOf, createOtherOrganization, rows, signInAs, useTestApp } from '../../test/harness.js';
import { patientPayload } from '../../test/patient-payload.js';
import { withTenant } from '../../platform/tenant-tx.js';

const t = useTestApp({ as: 'admin', listen: true });
const ORG = 'default-clinic';
let secret: string;
let searchableId: string;
let entryId: string;

const fhirUrl = () => `${t.baseUrl}/fhir/R4`;
const clientWith = (headers: Record<string, string>) => new Client({ baseUrl: fhirUrl(), customHeaders: headers });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** Every response the tests read must be a valid FHIR R4 resource. */
function expectValid(resource: unknown) {
  expect(fhirSchemaErrors(resource)).toEqual([]);
}

async function createKey(scopes: string[], name = `Key ${scopes.join(' ')}`) {
  const res = await t.post('/api/organizations/api-keys', { name, scopes });
  expect(res.statusCode).toBe(201);
  return res.json() as { key: { id: string; prefix: string; scopes: string[] }; secret: string };
}

/** A raw GET of the FHIR server, for statuses and content types. */
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${fhirUrl()}${path}`, { headers });

beforeAll(async () => {
  secret = (await createKey(['patient/*.read'], 'EHR reader')).secret;
  await withTenant(t.database.db, ORG, async (tx) => {
    const page = Array.from({ length: 120 }, (_, i) => ({
      organizationId: ORG,
      id: crypto.randomUUID(),
      clinicId: ORG,
      firstName: `Pat${String(i).padStart(3, '0')}`,
      lastName: 'Pagewell',
      dateOfBirth: `19${50 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
      gender: i % 2 ? 'female' : 'male',
    }));
    await tx.insert(patients).values(page);
    searchableId = crypto.randomUUID();
    await tx.insert(patients).values({
      organizationId: ORG,
      id: searchableId,
      clinicId: ORG,
      firstName: 'Ada',
      lastName: 'Fhirsearch',
      dateOfBirth: '1980-05-17',
      gender: 'female',
      phone: '(555) 010-2020',
      email: 'ada.fhir@example.org',
    });
    entryId = crypto.randomUUID();
    await tx.insert(queueEntries).values({
      organizationId: ORG,
      id: entryId,
      clinicId: ORG,
      queueDate: '2026-01-15',
      queueNumber: 901,
      patientId: searchableId,
      source: 'staff',
      firstName: 'Ada',
      lastName: 'Fhirsearch',
      chiefComplaint: 'Fever',
      status: 'completed',
      vitalSigns: {
        heartRate: 88,
        bloodPressure: { systolic: 128, diastolic: 82 },
        oxygenSaturation: 97,
        temperature: 100.4,
        respiratoryRate: 18,
        glasgowComaScale: 15,
      },
      vitalsRecordedAt: new Date('2026-01-15T10:00:00Z'),
      createdAt: new Date('2026-01-15T09:30:00Z'),
      endedAt: new Date('2026-01-15T11:00:00Z'),
    });
    await tx.insert(emergencyEntryDetails).values({ organizationId: ORG, queueEntryId: entryId, weightKg: 64.5 });
  });
});

describe('the FHIR R4 server read by a FHIR client library', () => {
  it('publishes its CapabilityStatement to anyone', async () => {
    const statement = (await new Client({ baseUrl: fhirUrl() }).capabilityStatement()) as unknown as CapabilityStatement;
    expectValid(statement);
    expect(statement.fhirVersion).toBe('4.0.1');
    expect(statement.format).toContain('json');
    const resources = statement.rest![0].resource!.map((r) => r.type);
    expect(resources).toEqual(['Patient', 'Encounter', 'Observation']);
    const patientParams = statement.rest![0].resource![0].searchParam!.map((p) => p.name);
    expect(patientParams).toEqual(['identifier', 'name', 'family', 'given', 'birthdate', 'gender', 'phone', 'email']);
    expect(statement.rest![0].security?.service?.length).toBeGreaterThan(0);
    const res = await get('/metadata');
    expect(res.headers.get('content-type')).toContain('application/fhir+json');
    // The validator does refuse what R4 does not allow.
    expect(fhirSchemaErrors({ resourceType: 'Patient', gender: 'robot' })).not.toEqual([]);
    expect(fhirSchemaErrors({ ...statement, fhirVersion: '9.9.9' })).not.toEqual([]);
  });

  it('searches patients by family name and birth date with an API key', async () => {
    const bundle = (await clientWith(bearer(secret)).search({
      resourceType: 'Patient',
      searchParams: { family: 'fhirsearch', birthdate: '1980-05-17' },
    })) as unknown as Bundle;
    expectValid(bundle);
    expect(bundle.type).toBe('searchset');
    expect(bundle.total).toBe(1);
    const patient = bundle.entry![0].resource as Patient;
    expect(patient.id).toBe(searchableId);
    expect(patient.name![0]).toMatchObject({ family: 'Fhirsearch', given: ['Ada'] });
    expect(patient.birthDate).toBe('1980-05-17');
    const none = (await clientWith(bearer(secret)).search({
      resourceType: 'Patient',
      searchParams: { family: 'fhirsearch', birthdate: '1980-05-18' },
    })) as unknown as Bundle;
    expect(none.total).toBe(0);
    for (const [name, value] of [
      ['given', 'ada'],
      ['name', 'fhirs'],
      ['phone', '5550102020'],
      ['email', 'ADA.FHIR@example.org'],
      ['identifier', `urn:clinicflow:patient|${searchableId}`],
      ['birthdate', 'ge1980-05'],
    ]) {
      const found = (await clientWith(bearer(secret)).search({
        resourceType: 'Patient',
        searchParams: { [name]: value, family: 'Fhirsearch' },
      })) as unknown as Bundle;
      expect(found.total, `${name}=${value}`).toBe(1);
    }
    // Birth dates are days: each comparison judged by the value's whole day (or month, or year).
    for (const [value, total] of [
      ['gt1980-05-17', 0],
      ['gt1980-05-16', 1],
      ['le1980-05-17', 1],
      ['lt1980-05-17', 0],
      ['lt1980-05-18', 1],
      ['ge1980-05-18', 0],
      ['1980', 1],
      ['lt1980-05', 0],
    ] as const) {
      const found = (await clientWith(bearer(secret)).search({
        resourceType: 'Patient',
        searchParams: { birthdate: value, family: 'Fhirsearch' },
      })) as unknown as Bundle;
      expect(found.total, `birthdate=${value}`).toBe(total);
    }
  });

  it('pages a Bundle of 120 patients through its next links', async () => {
    const client = clientWith(bearer(secret));
    let bundle = (await client.search({ resourceType: 'Patient', searchParams: { family: 'Pagewell', _count: 50 } })) as unknown as
      Bundle | undefined;
    const ids: string[] = [];
    const linksBack: boolean[] = [];
    while (bundle) {
      expectValid(bundle);
      expect(bundle.total).toBe(120);
      ids.push(...bundle.entry!.map((e) => e.resource!.id!));
      linksBack.push(bundle.link!.some((l) => l.relation === 'previous'));
      bundle = (await client.nextPage({ bundle: bundle as unknown as Parameters<typeof client.nextPage>[0]['bundle'] })) as unknown as
        Bundle | undefined;
    }
    // Three pages, each after the first linking back to the one before.
    expect(linksBack).toEqual([false, true, true]);
    expect(new Set(ids).size).toBe(120);
    const first = (await client.search({ resourceType: 'Patient', searchParams: { family: 'Pagewell' } })) as unknown as Bundle;
    expect(first.entry).toHaveLength(20);
  });

  it("reads a patient's vital-sign Observations with their LOINC codes and UCUM units", async () => {
    const client = clientWith(bearer(secret));
    const bundle = (await client.search({
      resourceType: 'Observation',
      searchParams: { patient: searchableId, category: 'vital-signs' },
    })) as unknown as Bundle;
    expectValid(bundle);
    const observations = bundle.entry!.map((e) => e.resource as Observation);
    const codes = observations.map((o) => o.code.coding![0].code).sort();
    expect(codes).toEqual(['29463-7', '59408-5', '8310-5', '85354-9', '8867-4', '9269-2', '9279-1'].sort());
    for (const o of observations) {
      expect(o.category![0].coding![0].code).toBe('vital-signs');
      expect(o.code.coding![0].system).toBe('http://loinc.org');
      expect(o.subject!.reference).toBe(`Patient/${searchableId}`);
    }
    const byCode = (code: string) => observations.find((o) => o.code.coding![0].code === code)!;
    expect(byCode('8867-4').valueQuantity).toMatchObject({ value: 88, system: 'http://unitsofmeasure.org', code: '/min' });
    expect(byCode('8310-5').valueQuantity).toMatchObject({ value: 100.4, code: '[degF]' });
    expect(byCode('59408-5').valueQuantity).toMatchObject({ value: 97, code: '%' });
    expect(byCode('9269-2').valueQuantity).toMatchObject({ value: 15, code: '{score}' });
    expect(byCode('29463-7').valueQuantity).toMatchObject({ value: 64.5, code: 'kg' });
    const bp = byCode('85354-9');
    expect(bp.component!.map((c) => [c.code.coding![0].code, c.valueQuantity!.value, c.valueQuantity!.code])).toEqual([
      ['8480-6', 128, 'mm[Hg]'],
      ['8462-4', 82, 'mm[Hg]'],
    ]);
    const heart = (await client.search({
      resourceType: 'Observation',
      searchParams: { patient: `Patient/${searchableId}`, code: 'http://loinc.org|8867-4' },
    })) as unknown as Bundle;
    expect(heart.total).toBe(1);
    const dated = (await client.search({
      resourceType: 'Observation',
      searchParams: { patient: searchableId, date: 'lt2026-01-15' },
    })) as unknown as Bundle;
    expect(dated.total).toBe(0);
    const read = (await client.read({ resourceType: 'Observation', id: bp.id! })) as unknown as Observation;
    expectValid(read);
    expect(read.id).toBe(bp.id);
  });

  it("searches and reads a patient's encounters, and returns their $everything Bundle", async () => {
    const client = clientWith(bearer(secret));
    const visit = await t.post(`/api/patients/${searchableId}/visits`, {
      date: '2026-02-01T09:00:00.000Z',
      doctor: 'Dr. Fhir',
      status: 'completed',
    });
    expect(visit.statusCode).toBe(201);
    const encounters = (await client.search({ resourceType: 'Encounter', searchParams: { patient: searchableId } })) as unknown as Bundle;
    expectValid(encounters);
    expect(encounters.total).toBe(2);
    const finished = (await client.search({
      resourceType: 'Encounter',
      searchParams: { patient: searchableId, status: 'finished', date: 'ge2026-01-15' },
    })) as unknown as Bundle;
    expect(finished.total).toBe(2);
    const january = (await client.search({
      resourceType: 'Encounter',
      searchParams: { patient: searchableId, date: '2026-01' },
    })) as unknown as Bundle;
    expect(january.entry!.map((e) => e.resource!.id)).toEqual([`q-${entryId}`]);
    const encounter = await client.read({ resourceType: 'Encounter', id: `q-${entryId}` });
    expectValid(encounter);
    const everything = (await client.operation({
      name: '$everything',
      resourceType: 'Patient',
      id: searchableId,
      method: 'GET',
    })) as unknown as Bundle;
    expectValid(everything);
    const types = everything.entry!.map((e) => e.resource!.resourceType);
    expect(types.filter((x) => x === 'Patient')).toHaveLength(1);
    expect(types.filter((x) => x === 'Encounter')).toHaveLength(2);
    expect(types.filter((x) => x === 'Observation')).toHaveLength(7);
  });

  it('audits every read, naming the API key as the actor', async () => {
    const key = await rows<{ id: string }>(t.database.db, sql`select id from api_keys where name = 'EHR reader'`);
    const audits = await auditEventsOf(t.database.db, 'fhir.patient.everything');
    expect(audits.length).toBeGreaterThan(0);
    expect(audits.at(-1)).toMatchObject({ entity_id: searchableId, actor_user_id: null });
    expect(audits.at(-1)!.details?.apiKeyId).toBe(key[0].id);
    const [used] = await withTenant(t.database.db, ORG, (tx) =>
      tx
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.organizationId, ORG), eq(apiKeys.id, key[0].id))),
    );
    expect(used.lastUsedAt).not.toBeNull();
  });
});

describe('searches matched and paged by the database', () => {
  const pagedId = crypto.randomUUID();
  const entry = (n: number) => `paged-entry-${n}-${pagedId}`;
  const visit = (n: number) => `paged-visit-${n}-${pagedId}`;
  beforeAll(async () => {
    await withTenant(t.database.db, ORG, async (tx) => {
      await tx
        .insert(patients)
        .values({ organizationId: ORG, id: pagedId, clinicId: ORG, firstName: 'Page', lastName: 'Through', dateOfBirth: '1975-03-03' });
      const base = {
        organizationId: ORG,
        clinicId: ORG,
        patientId: pagedId,
        source: 'staff',
        firstName: 'Page',
        lastName: 'Through',
        chiefComplaint: 'Cough',
      };
      await tx.insert(queueEntries).values([
        // Newest: heart rate and a blood pressure with only its diastolic value.
        {
          ...base,
          id: entry(1),
          queueDate: '2026-03-03',
          queueNumber: 951,
          status: 'in-progress',
          createdAt: new Date('2026-03-03T08:00:00Z'),
          vitalSigns: { heartRate: 90, bloodPressure: { diastolic: 80 } },
          vitalsRecordedAt: new Date('2026-03-03T08:05:00Z'),
        },
        // No vitals, a weight weighed a day later.
        { ...base, id: entry(2), queueDate: '2026-02-02', queueNumber: 952, status: 'waiting', createdAt: new Date('2026-02-02T08:00:00Z') },
        // Oldest: every vital but the weight.
        {
          ...base,
          id: entry(3),
          queueDate: '2026-01-01',
          queueNumber: 953,
          status: 'completed',
          createdAt: new Date('2026-01-01T08:00:00Z'),
          vitalsRecordedAt: new Date('2026-01-01T08:10:00Z'),
          vitalSigns: {
            heartRate: 70,
            bloodPressure: { systolic: 120, diastolic: 75 },
            oxygenSaturation: 98,
            temperature: 98.6,
            respiratoryRate: 16,
            glasgowComaScale: 15,
          },
        },
      ]);
      await tx
        .insert(emergencyEntryDetails)
        .values({ organizationId: ORG, queueEntryId: entry(2), weightKg: 80, updatedAt: new Date('2026-02-03T09:00:00Z') });
      const visitBase = { organizationId: ORG, clinicId: ORG, patientId: pagedId, type: 'Follow-up', priority: 'normal', doctor: 'Dr. Page' };
      await tx.insert(patientVisits).values([
        { ...visitBase, id: visit(1), visitedAt: new Date('2026-02-15T10:00:00Z'), status: 'scheduled' },
        { ...visitBase, id: visit(2), visitedAt: new Date('2026-01-10T10:00:00Z'), status: 'completed' },
      ]);
    });
  });

  /** Every page of a search, `_count` at a time, by offset: the ids in order, and each page's total. */
  async function allPages(path: string, count: number) {
    const ids: string[] = [];
    const totals = new Set<number>();
    for (let offset = 0; offset < 50; offset += count) {
      const res = await get(`${path}&_count=${count}&_offset=${offset}`, bearer(secret));
      expect(res.status).toBe(200);
      const bundle = (await res.json()) as Bundle;
      expectValid(bundle);
      totals.add(bundle.total!);
      if (!bundle.entry?.length) break;
      ids.push(...bundle.entry.map((e) => e.resource!.id!));
    }
    return { ids, totals: [...totals] };
  }

  it('pages Encounters newest first across queue episodes and visits, filtered by status and date', async () => {
    const expected = [`q-${entry(1)}`, `v-${visit(1)}`, `q-${entry(2)}`, `v-${visit(2)}`, `q-${entry(3)}`];
    expect(await allPages(`/Encounter?patient=${pagedId}`, 2)).toEqual({ ids: expected, totals: [5] });
    expect(await allPages(`/Encounter?patient=${pagedId}&status=finished,planned`, 1)).toEqual({
      ids: [`v-${visit(1)}`, `v-${visit(2)}`, `q-${entry(3)}`],
      totals: [3],
    });
    expect((await allPages(`/Encounter?patient=${pagedId}&date=ge2026-01-10&date=lt2026-02-15`, 10)).ids).toEqual([
      `q-${entry(2)}`,
      `v-${visit(2)}`,
    ]);
    // Across the organization too: the patient's five keep their order among the others.
    const all = await allPages('/Encounter?date=ge2025-12-31', 100);
    expect(all.ids.filter((id) => id.includes(pagedId))).toEqual(expected);
    expect(all.totals).toEqual([all.ids.length]);
  });

  it("pages Observations newest entry first, in the vital signs' order, by code and by each one's own time", async () => {
    const expected = [
      `${entry(1)}-hr`,
      `${entry(1)}-bp`,
      `${entry(2)}-wt`,
      ...['hr', 'bp', 'spo2', 'temp', 'rr', 'gcs'].map((suffix) => `${entry(3)}-${suffix}`),
    ];
    expect(await allPages(`/Observation?patient=${pagedId}`, 4)).toEqual({ ids: expected, totals: [9] });
    expect((await allPages(`/Observation?patient=${pagedId}&code=8867-4,29463-7`, 2)).ids).toEqual([
      `${entry(1)}-hr`,
      `${entry(2)}-wt`,
      `${entry(3)}-hr`,
    ]);
    // The weight's time is its own (3 February), not its entry's (2 February).
    expect((await allPages(`/Observation?patient=${pagedId}&date=2026-02-03`, 5)).ids).toEqual([`${entry(2)}-wt`]);
    expect((await allPages(`/Observation?patient=${pagedId}&date=2026-02-02`, 5)).ids).toEqual([]);
    expect(await allPages(`/Observation?patient=${pagedId}&category=laboratory`, 5)).toEqual({ ids: [], totals: [0] });
    // Past the end: an empty page that still says how many match.
    const past = (await (await get(`/Observation?patient=${pagedId}&_offset=40`, bearer(secret))).json()) as Bundle;
    expect(past.total).toBe(9);
    expect(past.entry ?? []).toEqual([]);
  });
});

describe('who may read the FHIR server', () => {
  let otherPatientId: string;
  let otherHeaders: Record<string, string>;

  beforeAll(async () => {
    const other = await createOtherOrganization(t.app, 'owner@fhir-other.example');
    otherHeaders = other.headers;
    const res = await t.as(other.headers).post('/api/patients', patientPayload({ lastName: 'Elsewhere' }));
    expect(res.statusCode).toBe(201);
    otherPatientId = res.json().patient.id;
  });

  async function expectOutcome(res: Response, status: number, code: string) {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/fhir+json');
    const outcome = (await res.json()) as OperationOutcome;
    expectValid(outcome);
    expect(outcome.resourceType).toBe('OperationOutcome');
    expect(outcome.issue[0].code).toBe(code);
  }

  it("answers 404 for another organization's patient, by API key and by session", async () => {
    await expectOutcome(await get(`/Patient/${otherPatientId}`, bearer(secret)), 404, 'not-found');
    await expectOutcome(await get(`/Patient/${otherPatientId}/$everything`, bearer(secret)), 404, 'not-found');
    const admin = await signInAs(t.app, 'admin@demo.clinic');
    await expectOutcome(await get(`/Patient/${otherPatientId}`, admin), 404, 'not-found');
    const cookie = { cookie: `session_id=${admin.authorization.slice('Bearer '.length)}` };
    await expectOutcome(await get(`/Patient/${otherPatientId}`, cookie), 404, 'not-found');
    const own = await get(`/Patient/${searchableId}`, cookie);
    expect(own.status).toBe(200);
    await expectOutcome(await get(`/Patient/${searchableId}`, otherHeaders), 404, 'not-found');
    const theirs = await get(`/Patient?family=Pagewell`, otherHeaders);
    expect(((await theirs.json()) as Bundle).total).toBe(0);
  });

  it('answers 401 without credentials or with an unknown key, 403 to a staff member without the patients permission', async () => {
    await expectOutcome(await get('/Patient'), 401, 'login');
    await expectOutcome(await get('/Patient', bearer(`${secret.slice(0, -4)}AAAA`)), 401, 'login');
    await expectOutcome(await get('/Patient', bearer('ck_live_nonsense')), 401, 'login');
    await expectOutcome(await get('/Patient', await signInAs(t.app, 'viewer@demo.clinic')), 403, 'forbidden');
  });

  it('answers 403 to a key without the scope, and 401 once it is revoked', async () => {
    const { key, secret: observationsOnly } = await createKey(['patient/Observation.read']);
    await expectOutcome(await get(`/Patient/${searchableId}`, bearer(observationsOnly)), 403, 'forbidden');
    await expectOutcome(await get(`/Patient/${searchableId}/$everything`, bearer(observationsOnly)), 403, 'forbidden');
    expect((await get(`/Observation?patient=${searchableId}`, bearer(observationsOnly))).status).toBe(200);
    const revoked = await t.delete(`/api/organizations/api-keys/${key.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().key.revokedAt).not.toBeNull();
    await expectOutcome(await get(`/Observation?patient=${searchableId}`, bearer(observationsOnly)), 401, 'login');
  });

  it('rate limits each key on its own: 600 requests a minute', async () => {
    const { secret: busy } = await createKey(['patient/Patient.read'], 'Busy client');
    const read = (key: string) => t.inject({ method: 'GET', url: `/fhir/R4/Patient/${searchableId}`, headers: bearer(key) });
    for (let i = 0; i < 600; i += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => read(busy)));
      expect(batch.every((r) => r.statusCode === 200)).toBe(true);
    }
    const refused = await read(busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().issue[0].code).toBe('throttled');
    expect((await read(secret)).statusCode).toBe(200);
  }, 60_000);

  it('refuses an API key on the rest of the API', async () => {
    const res = await fetch(`${t.baseUrl}/api/patients`, { headers: bearer(secret) });
    expect(res.status).toBe(401);
  });

  it('answers 400 for bad search parameters, and 404 for an unknown id or type', async () => {
    await expectOutcome(await get('/Patient?shoe-size=9', bearer(secret)), 400, 'invalid');
    await expectOutcome(await get('/Patient?_count=500', bearer(secret)), 400, 'invalid');
    await expectOutcome(await get('/Patient?birthdate=yesterday', bearer(secret)), 400, 'invalid');
    await expectOutcome(await get('/Encounter?status=asleep', bearer(secret)), 400, 'invalid');
    await expectOutcome(await get('/Patient/no-such-patient', bearer(secret)), 404, 'not-found');
    await expectOutcome(await get('/Encounter/x-1', bearer(secret)), 404, 'not-found');
    await expectOutcome(await get('/Medication', bearer(secret)), 404, 'not-supported');
  });
});

describe('date search parameters', () => {
  it.each([
    ['/Patient?birthdate=le9999-12-31', 'birthdate'],
    ['/Patient?birthdate=0000', 'birthdate'],
    ['/Patient?birthdate=lt0001-01-01', 'birthdate'],
    ['/Patient?birthdate=le1899-12-31', 'birthdate'],
    ['/Patient?birthdate=2023-02-29', 'birthdate'],
    ['/Encounter?date=gt9999-12-31', 'date'],
    ['/Encounter?date=lt1999-12-31', 'date'],
    ['/Observation?date=gt9999-12-31', 'date'],
    ['/Observation?date=ge2026-02-30T10:00:00Z', 'date'],
  ])('%s is a 400 OperationOutcome naming %s, never a 500 or another date', async (path, name) => {
    const res = await t.inject({ method: 'GET', url: `/fhir/R4${path}`, headers: bearer(secret) });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/fhir+json');
    const outcome = res.json() as OperationOutcome;
    expectValid(outcome);
    expect(outcome.issue[0].code).toBe('invalid');
    expect(outcome.issue[0].diagnostics).toMatch(new RegExp(`^${name} must be a real FHIR date between \\d{4} and 2100`));
  });

  it('still finds a patient by a birth date at the range boundaries', async () => {
    const search = (birthdate: string) =>
      t.inject({ method: 'GET', url: `/fhir/R4/Patient?family=Fhirsearch&birthdate=${birthdate}`, headers: bearer(secret) });
    expect((await search('ge1900-01-01')).json().total).toBe(1);
    expect((await search('le2100-12-31')).json().total).toBe(1);
  });
});

describe('API keys', () => {
  it('lists keys without their secrets, and refuses a bad scope', async () => {
    const res = await t.get('/api/organizations/api-keys');
    expect(res.statusCode).toBe(200);
    const keys = res.json().keys as Array<Record<string, unknown>>;
    expect(keys.length).toBeGreaterThan(0);
    expect(res.body).not.toContain(secret);
    expect(keys[0]).toHaveProperty('lastUsedAt');
    expect((keys[0].prefix as string).startsWith('ck_live_')).toBe(true);
    const bad = await t.post('/api/organizations/api-keys', { name: 'Bad', scopes: ['patient/*.write'] });
    expect(bad.statusCode).toBe(400);
    expect((await auditEventsOf(t.database.db, 'api-key.created')).length).toBeGreaterThan(0);
  });

  it('are for Admins, on a plan with API access', async () => {
    expect((await t.as('doctor').get('/api/organizations/api-keys')).statusCode).toBe(403);
    await t.database.db.execute(sql`update organizations set plan_id = 'basic' where id = ${ORG}`);
    try {
      expect((await t.get('/api/organizations/api-keys')).statusCode).toBe(402);
      expect((await get('/metadata')).status).toBe(200);
      expect((await get('/Patient', bearer(secret))).status).toBe(402);
    } finally {
      await t.database.db.execute(sql`update organizations set plan_id = 'professional' where id = ${ORG}`);
    }
  });
});
