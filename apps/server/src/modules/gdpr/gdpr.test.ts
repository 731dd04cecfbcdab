import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countRows, createOtherOrganization, rows, useTestApp } from '../../test/harness.js';
import { patientPayload } from '../../test/patient-payload.js';

const t = useTestApp({ as: 'doctor' });
const DAY = 24 * 60 * 60 * 1000;
let other: Awaited<ReturnType<typeof createOtherOrganization>>;
let otherPatientId: string;

async function newPatient(over: Record<string, unknown> = {}, who: Parameters<typeof t.as>[0] = 'doctor') {
  const res = await t.as(who).post('/api/patients', patientPayload(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().patient.id as string;
}

async function newRequest(patientId: string, type = 'access', notes?: string) {
  const res = await t.post('/api/gdpr/rights-request', { patientId, type, notes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().request as Record<string, any>;
}

const gdprRowCounts = async () => ({
  requests: await countRows(t.database.db, 'gdpr_rights_requests'),
  consents: await countRows(t.database.db, 'gdpr_consents'),
});

beforeAll(async () => {
  other = await createOtherOrganization(t.app);
  const res = await t.as(other.headers).post('/api/patients', patientPayload({ lastName: 'Elsewhere', email: 'elsewhere@other.example' }));
  otherPatientId = res.json().patient.id;
});

describe('rights requests', () => {
  it('records a request due 30 days after it was received, open, audited on the patient', async () => {
    const patientId = await newPatient({ lastName: 'Requester' });
    const before = Date.now();
    const request = await newRequest(patientId, 'copy', 'Wants a copy of the 2025 records');
    expect(request).toMatchObject({
      type: 'copy',
      status: 'OPEN',
      patientId,
      daysLeft: 30,
      overdue: false,
      notes: 'Wants a copy of the 2025 records',
    });
    const received = Date.parse(request.receivedAt);
    expect(received).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(request.dueDate) - received).toBe(30 * DAY);
    const audit = await rows(
      t.database.db,
      sql`select action, entity_id, details from audit_events where action = 'gdpr.rights-request.created' and entity_id = ${patientId}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ requestId: request.id, requestType: 'copy' });
  });

  it('lists a request received 31 days ago as overdue, with negative days left, and filters by status', async () => {
    const patientId = await newPatient({ lastName: 'Overdue' });
    const late = await newRequest(patientId, 'access');
    const fresh = await newRequest(patientId, 'rectification');
    const receivedAt = new Date(Date.now() - 31 * DAY);
    await t.database.db.execute(
      sql`update gdpr_rights_requests set received_at = ${receivedAt.toISOString()}::timestamptz, due_date = ${new Date(receivedAt.getTime() + 30 * DAY).toISOString()}::timestamptz where id = ${late.id}`,
    );
    const res = await t.get(`/api/gdpr/requests?patientId=${patientId}`);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().requests as Array<Record<string, any>>;
    expect(res.json().total).toBe(2);
    expect(listed.find((r) => r.id === late.id)).toMatchObject({ overdue: true, daysLeft: -1, status: 'OPEN' });
    expect(listed.find((r) => r.id === fresh.id)).toMatchObject({ overdue: false, daysLeft: 30 });
    expect(res.json().processingRestrictedAt).toBeNull();

    const compliance = await t.get('/api/gdpr/compliance');
    expect(compliance.statusCode).toBe(200);
    expect(compliance.json().compliance.requests.overdue).toBeGreaterThanOrEqual(1);

    const open = (await t.get(`/api/gdpr/requests?patientId=${patientId}&status=OPEN`)).json().requests as Array<Record<string, any>>;
    expect(open.map((r) => r.id).sort()).toEqual([late.id, fresh.id].sort());
    expect(open.map((r) => r.status)).toEqual(['OPEN', 'OPEN']);
    const completed = await t.get(`/api/gdpr/requests?patientId=${patientId}&status=COMPLETED`);
    expect(completed.statusCode).toBe(200);
    expect(completed.json().requests).toEqual([]);
  });

  it('completing records who and how; a second completion is 409; an erasure request is completed only by erasing', async () => {
    const patientId = await newPatient({ lastName: 'Completed' });
    const request = await newRequest(patientId, 'access');
    const admin = t.as('admin');
    const done = await admin.post(`/api/gdpr/requests/${request.id}/complete`, { resolution: 'Sent the record summary by post' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().request).toMatchObject({ status: 'COMPLETED', resolution: 'Sent the record summary by post', overdue: false });
    expect(done.json().request.completedBy).toBeTruthy();
    expect(done.json().request.completedAt).toBeTruthy();
    const again = await admin.post(`/api/gdpr/requests/${request.id}/complete`, { resolution: 'Again' });
    expect(again.statusCode).toBe(409);

    const erasure = await newRequest(patientId, 'erasure');
    const refused = await admin.post(`/api/gdpr/requests/${erasure.id}/complete`, { resolution: 'Done' });
    expect(refused.statusCode).toBe(409);
    const rejected = await admin.post(`/api/gdpr/requests/${erasure.id}/complete`, { resolution: 'Identity not confirmed', outcome: 'REJECTED' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().request.status).toBe('REJECTED');
  });
});

describe('erasure', () => {
  it('keeps the visits and the name, removes the contact data, restricts processing, completes the request and says so', async () => {
    const patientId = await newPatient({ firstName: 'Erin', lastName: 'Erasure', email: 'erin.erasure@example.org' });
    for (const doctor of ['Dr. One', 'Dr. Two']) {
      const v = await t.post(`/api/patients/${patientId}/visits`, { date: new Date(Date.now() - DAY).toISOString(), doctor });
      expect(v.statusCode, v.body).toBe(201);
    }
    const request = await newRequest(patientId, 'erasure');
    const res = await t.as('admin').post('/api/gdpr/erase', { patientId, requestId: request.id });
    expect(res.statusCode, res.body).toBe(200);
    const { erasure } = res.json();
    expect(erasure).toMatchObject({ patientId, visitsKept: 2, retentionYears: 7, requestId: request.id });
    expect(erasure.pseudonymisedFields).toEqual(expect.arrayContaining(['phone', 'email', 'address.street', 'emergencyContactPhone']));
    expect(res.json().message).toMatch(/restricted/);
    expect(res.json().message).toMatch(/2 visits, were not deleted/);
    expect(res.json().message).toMatch(/7-year retention/);

    const patient = (await t.get(`/api/patients/${patientId}`)).json().patient;
    expect(patient).toMatchObject({
      firstName: 'Erin',
      lastName: 'Erasure',
      email: null,
      phone: null,
      emergencyContactName: null,
      emergencyContactPhone: null,
    });
    expect(patient.address).toMatchObject({ street: null, city: null, state: null, zipCode: null });
    expect(await countRows(t.database.db, 'patient_visits', sql`patient_id = ${patientId}`)).toBe(2);

    const [row] = await rows(t.database.db, sql`select processing_restricted_at, email from patients where id = ${patientId}`);
    expect(row.processing_restricted_at).not.toBeNull();
    const list = (await t.get(`/api/gdpr/requests?patientId=${patientId}`)).json();
    expect(list.processingRestrictedAt).toBeTruthy();
    expect(list.requests[0]).toMatchObject({ id: request.id, status: 'COMPLETED' });
    expect(list.requests[0].resolution).toMatch(/were not deleted/);

    expect(await countRows(t.database.db, 'audit_events', sql`action = 'gdpr.erasure' and entity_id = ${patientId}`)).toBe(1);
    const second = await t.as('admin').post('/api/gdpr/erase', { patientId });
    expect(second.statusCode).toBe(409);
  });

  it('refuses a request of another type before changing anything', async () => {
    const patientId = await newPatient({ lastName: 'Untouched', email: 'untouched@example.org' });
    const request = await newRequest(patientId, 'access');
    const res = await t.as('admin').post('/api/gdpr/erase', { patientId, requestId: request.id });
    expect(res.statusCode).toBe(400);
    const [row] = await rows(t.database.db, sql`select email, processing_restricted_at from patients where id = ${patientId}`);
    expect(row).toMatchObject({ email: 'untouched@example.org', processing_restricted_at: null });
  });
});

describe('consents', () => {
  it('records, lists and withdraws a consent; withdrawing twice is 409', async () => {
    const patientId = await newPatient({ lastName: 'Consenting' });
    const given = await t.post('/api/gdpr/consent', { patientId, purpose: 'research' });
    expect(given.statusCode, given.body).toBe(201);
    const consent = given.json().consent;
    expect(consent).toMatchObject({ purpose: 'research', active: true, withdrawnAt: null, patientId });
    expect(consent.recordedBy).toBeTruthy();
    expect((await t.post('/api/gdpr/consent', { patientId, purpose: 'research' })).statusCode).toBe(409);

    const listed = await t.get(`/api/gdpr/consents?patientId=${patientId}`);
    expect(listed.json().consents.map((c: any) => c.id)).toEqual([consent.id]);

    const withdrawn = await t.post(`/api/gdpr/consent/${consent.id}/withdraw`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().consent).toMatchObject({ active: false });
    expect(withdrawn.json().consent.withdrawnAt).toBeTruthy();
    const twice = await t.post(`/api/gdpr/consent/${consent.id}/withdraw`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('conflict/consent-withdrawn');

    const compliance = (await t.get('/api/gdpr/compliance')).json().compliance;
    expect(compliance.consents.withdrawn).toBeGreaterThanOrEqual(1);
  });
});

describe('access history', () => {
  it("shows an Admin who read and changed the patient's record, and when", async () => {
    const patientId = await newPatient({ lastName: 'Watched' });
    await t.get(`/api/patients/${patientId}`);
    await t.get('/api/patients?search=Watched');
    await t.get(`/api/gdpr/consents?patientId=${patientId}`);
    await t.get(`/api/gdpr/requests?patientId=${patientId}`);
    const res = await t.as('admin').get(`/api/gdpr/audit-logs?patientId=${patientId}`);
    expect(res.statusCode, res.body).toBe(200);
    const actions = res.json().events.map((e: any) => e.action);
    // The record's own rows, the directory page that listed it, and each privacy read.
    expect(actions).toEqual(
      expect.arrayContaining(['patient.created', 'patient.read', 'patient.list', 'gdpr.consents.read', 'gdpr.requests.read']),
    );
    const again = await t.as('admin').get(`/api/gdpr/audit-logs?patientId=${patientId}`);
    expect(again.json().events[0].action).toBe('gdpr.audit-logs.read');
    const read = res.json().events.find((e: any) => e.action === 'patient.read');
    expect(read.actor).toBeTruthy();
    expect(Date.parse(read.at)).not.toBeNaN();
  });
});

describe('access', () => {
  it('answers 401 signed out', async () => {
    expect((await t.anon.get('/api/gdpr/requests')).statusCode).toBe(401);
    expect((await t.anon.post('/api/gdpr/consent', { patientId: 'x', purpose: 'research' })).statusCode).toBe(401);
  });

  it('refuses a Nurse erasing, completing or reading the access history (403), and a Viewer recording (403), writing nothing', async () => {
    const patientId = await newPatient({ lastName: 'Guarded', email: 'guarded@example.org' });
    const request = await newRequest(patientId, 'access');
    const before = await gdprRowCounts();
    const nurse = t.as('nurse');
    expect((await nurse.post('/api/gdpr/erase', { patientId })).statusCode).toBe(403);
    expect((await nurse.post(`/api/gdpr/requests/${request.id}/complete`, { resolution: 'x' })).statusCode).toBe(403);
    expect((await nurse.get(`/api/gdpr/audit-logs?patientId=${patientId}`)).statusCode).toBe(403);
    expect((await t.as('viewer').post('/api/gdpr/rights-request', { patientId, type: 'access' })).statusCode).toBe(403);
    expect((await t.as('viewer').post('/api/gdpr/consent', { patientId, purpose: 'marketing' })).statusCode).toBe(403);
    expect(await gdprRowCounts()).toEqual(before);
    const [row] = await rows(t.database.db, sql`select email from patients where id = ${patientId}`);
    expect(row.email).toBe('guarded@example.org');
  });

  it("answers 404 for another organization's patient on every call, and writes nothing", async () => {
    const before = await gdprRowCounts();
    const admin = t.as('admin');
    const calls = [
      await admin.post('/api/gdpr/rights-request', { patientId: otherPatientId, type: 'erasure' }),
      await admin.post('/api/gdpr/consent', { patientId: otherPatientId, purpose: 'research' }),
      await admin.post('/api/gdpr/erase', { patientId: otherPatientId }),
      await admin.get(`/api/gdpr/consents?patientId=${otherPatientId}`),
      await admin.get(`/api/gdpr/requests?patientId=${otherPatientId}`),
      await admin.get(`/api/gdpr/audit-logs?patientId=${otherPatientId}`),
    ];
    for (const res of calls) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Elsewhere');
    }
    expect(await gdprRowCounts()).toEqual(before);
    const [row] = await rows(t.database.db, sql`select email, processing_restricted_at from patients where id = ${otherPatientId}`);
    expect(row).toMatchObject({ email: 'elsewhere@other.example', processing_restricted_at: null });
  });

  it('answers 400 to an unknown type or purpose and a missing resolution', async () => {
    const patientId = await newPatient({ lastName: 'Invalid' });
    const bad = await t.post('/api/gdpr/rights-request', { patientId, type: 'deletion' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].message).toMatch(/Request type must be one of/);
    expect((await t.post('/api/gdpr/consent', { patientId, purpose: 'sales' })).statusCode).toBe(400);
    const request = await newRequest(patientId);
    expect((await t.as('admin').post(`/api/gdpr/requests/${request.id}/complete`, { resolution: '  ' })).statusCode).toBe(400);
  });
});

describe('export (the right of access)', () => {
  it("returns a patient's record as a FHIR Bundle with the Patient, Encounters and vital-sign Observations, audited", async () => {
    // A patient with a visit to the queue whose vitals were recorded.
    const patientId = await newPatient({ lastName: 'Exporter' });
    await t.database.db.execute(sql`
      insert into queue_entries (organization_id, id, clinic_id, queue_date, queue_number, patient_id, source, first_name, last_name,
        chief_complaint, status, vital_signs, vitals_recorded_at, created_at, ended_at)
      values ('default-clinic', ${crypto.randomUUID()}, 'default-clinic', '2026-01-15', 977, ${patientId}, 'staff', 'Ex', 'Exporter',
        'Fever', 'completed', ${JSON.stringify({ heartRate: 88, oxygenSaturation: 97 })}::jsonb, '2026-01-15T10:00:00Z', '2026-01-15T09:30:00Z', '2026-01-15T11:00:00Z')`);
    const seeded = { patient_id: patientId };
    const res = await t.get(`/api/gdpr/export?patientId=${seeded.patient_id}`);
    expect(res.statusCode, res.body).toBe(200);
    const bundle = res.json();
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
    const types = bundle.entry.map((e: { resource: { resourceType: string } }) => e.resource.resourceType);
    expect(types[0]).toBe('Patient');
    expect(types).toContain('Encounter');
    expect(types).toContain('Observation');
    expect(bundle.entry[0].resource.id).toBe(seeded.patient_id);
    // One audit row for the one access: the export, not also a FHIR read.
    const audits = await rows(
      t.database.db,
      sql`select action, details from audit_events where entity_id = ${seeded.patient_id} and action in ('gdpr.exported', 'fhir.patient.everything')`,
    );
    expect(audits.map((a) => a.action)).toEqual(['gdpr.exported']);
    expect(audits[0].details).toMatchObject({
      resources: bundle.total,
      encounters: 1,
      observations: types.filter((x: string) => x === 'Observation').length,
    });
  });

  it("is a 404 for another organization's patient and a 400 without a patient", async () => {
    expect((await t.get(`/api/gdpr/export?patientId=${otherPatientId}`)).statusCode).toBe(404);
    expect((await t.get('/api/gdpr/export')).statusCode).toBe(400);
    expect((await t.as('viewer').get(`/api/gdpr/export?patientId=${otherPatientId}`)).statusCode).toBe(403);
  });
});
