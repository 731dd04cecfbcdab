import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOtherOrganization, rows, useTestApp, type Who } from '../../test/harness.js';
import { patientPayload } from '../../test/patient-payload.js';

const t = useTestApp({ as: 'doctor' });
let other: Awaited<ReturnType<typeof createOtherOrganization>>;
let demoPatientId: string;
let otherPatientId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const visit = { date: '2025-01-01T10:00:00Z', doctor: 'Dr. Who' };

async function create(who: Who, over: Record<string, unknown> = {}, query = '') {
  const res = await t.as(who).post(`/api/patients${query}`, patientPayload(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().patient.id as string;
}

/** Every call on one patient, with a valid body where one is needed. */
const callsOn = (id: string): Array<[Method, string, Record<string, unknown>?]> => [
  ['GET', `/api/patients/${id}`],
  ['PUT', `/api/patients/${id}`, patientPayload()],
  ['PUT', `/api/triage/patients/${id}`, patientPayload()],
  ['GET', `/api/patients/${id}/visits`],
  ['POST', `/api/patients/${id}/visits`, visit],
  ['POST', `/api/patients/${id}/discharge`, {}],
  ['POST', `/api/patients/${id}/reactivate`, {}],
  ['DELETE', `/api/patients/${id}`],
];

/** Every call of the module. */
const allCalls = (id: string): Array<[Method, string, Record<string, unknown>?]> => [
  ['GET', '/api/patients'],
  ['GET', '/api/triage/patients'],
  ['POST', '/api/patients', patientPayload()],
  ['POST', '/api/triage/patients', patientPayload()],
  ['GET', '/api/patients/stats/overview'],
  ...callsOn(id),
];

async function patientCount() {
  const [r] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from patients`);
  return r.n;
}

beforeAll(async () => {
  other = await createOtherOrganization(t.app);
  demoPatientId = await create('doctor', { firstName: 'Demo', lastName: 'Only', email: 'demo.only@example.org' });
  otherPatientId = await create(other.headers, { firstName: 'Other', lastName: 'Tenant', email: 'other.tenant@example.org' });
});

describe('tenant isolation', () => {
  it("gives 404 for another organization's patient on every call, and changes nothing", async () => {
    const admin = t.as('admin');
    for (const [method, url, payload] of callsOn(otherPatientId)) {
      const res = await (method === 'DELETE' ? admin : t).inject({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'not-found', message: 'Patient not found' });
    }
    const [row] = await rows(t.database.db, sql`select first_name, status, archived_at from patients where id = ${otherPatientId}`);
    expect(row).toMatchObject({ first_name: 'Other', status: 'active', archived_at: null });
    const [v] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from patient_visits where patient_id = ${otherPatientId}`);
    expect(v.n).toBe(0);
  });

  it("gives the other organization's owner 404 for a demo patient, both ways", async () => {
    for (const [method, url, payload] of callsOn(demoPatientId)) {
      const res = await t.as(other.headers).inject({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('lists and counts only the caller organization', async () => {
    const mine = (await t.as(other.headers).get('/api/patients?limit=200')).json();
    expect(mine.patients.map((p: { id: string }) => p.id)).toEqual([otherPatientId]);
    expect(mine.total).toBe(1);
    expect((await t.as(other.headers).get('/api/patients/stats/overview')).json().stats.total).toBe(1);
    const demo = (await t.get('/api/patients?search=other')).json();
    expect(demo.patients.map((p: { id: string }) => p.id)).not.toContain(otherPatientId);
  });

  it('refuses with 403 an organizationId the caller is not a member of', async () => {
    const res = await t.get(`/api/patients?organizationId=${other.organizationId}`);
    expect(res.statusCode).toBe(403);
    const post = await t.post(`/api/patients?organizationId=${other.organizationId}`, patientPayload());
    expect(post.statusCode).toBe(403);
    const body = await t.post('/api/patients', { ...patientPayload(), organizationId: other.organizationId });
    expect(body.statusCode).toBe(403);
  });

  it('keeps each clinic of an organization to its own patients', async () => {
    const clinic = await t.as('owner').post('/api/clinics', { name: 'North Wing' });
    expect(clinic.statusCode, clinic.body).toBe(201);
    const northId = clinic.json().clinic.id as string;
    const northPatient = await create('doctor', { firstName: 'North', lastName: 'Wing', email: 'north@example.org' }, `?clinicId=${northId}`);
    expect((await t.get(`/api/patients/${northPatient}`)).statusCode).toBe(404);
    expect((await t.get(`/api/patients/${northPatient}?clinicId=${northId}`)).statusCode).toBe(200);
    const north = (await t.get(`/api/patients?clinicId=${northId}`)).json();
    expect(north.patients.map((p: { id: string }) => p.id)).toEqual([northPatient]);
    expect((await t.get(`/api/patients?clinicId=${other.clinicId}`)).statusCode).toBe(403);
  });
});

describe('permissions', () => {
  it('refuses every call to a member without canManagePatients (Staff, Viewer) with 403, writing nothing', async () => {
    const before = await patientCount();
    for (const email of ['staff@demo.clinic', 'viewer@demo.clinic']) {
      const member = t.as(email);
      for (const [method, url, payload] of allCalls(demoPatientId)) {
        const res = await member.inject({ method, url, payload });
        expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('access/forbidden');
      }
    }
    expect(await patientCount()).toBe(before);
  });

  it('refuses every call when signed out with 401', async () => {
    for (const [method, url, payload] of allCalls(demoPatientId)) {
      const res = await t.anon.inject({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('auth/required');
    }
  });

  it('refuses archiving below Admin (Doctor, Nurse, Manager) with 403 and allows it to Admin and Owner', async () => {
    for (const email of ['doctor@demo.clinic', 'nurse@demo.clinic', 'manager@demo.clinic']) {
      const res = await t.as(email).delete(`/api/patients/${demoPatientId}`);
      expect(res.statusCode, email).toBe(403);
    }
    expect((await t.get(`/api/patients/${demoPatientId}`)).statusCode).toBe(200);
    for (const email of ['admin@demo.clinic', 'owner@demo.clinic']) {
      const id = await create('doctor', { firstName: 'Arch', lastName: email, email: `arch.${email}` });
      expect((await t.as(email).delete(`/api/patients/${id}`)).statusCode, email).toBe(200);
    }
  });

  it('lets the Nurse and Manager roles, which hold canManagePatients, work with patients', async () => {
    for (const email of ['nurse@demo.clinic', 'manager@demo.clinic']) {
      const member = t.as(email);
      expect((await member.get('/api/patients')).statusCode, email).toBe(200);
      expect((await member.get(`/api/patients/${demoPatientId}`)).statusCode, email).toBe(200);
    }
  });
});
