import { patientDto, patientListResponse, visitListResponse } from '@clinic/domain';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../db/schema/index.js';
import { auditEventsOf, rows, useTestApp } from '../../test/harness.js';
import { patientPayload } from '../../test/patient-payload.js';
import { toPatientJson } from '../../db/patient-json.js';

/** The requests of `t` are the demo Doctor's. */
const t = useTestApp({ as: 'doctor' });
const admin = t.as('admin');
let doctorId: string;

beforeAll(async () => {
  const [u] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'doctor@demo.clinic'`);
  doctorId = u.id;
});

type Body = Record<string, any>;

async function createPatient(over: Body = {}) {
  const res = await t.post('/api/patients', patientPayload(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().patient as Body;
}

async function list(query: string) {
  const res = await t.get(`/api/patients?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return patientListResponse.parse(res.json());
}

async function count(table: 'patients' | 'patient_visits' | 'audit_events') {
  const [r] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return r.n;
}

describe('creating and reading patients', () => {
  it('creates an active patient in the caller clinic and returns it under both phone names', async () => {
    const res = await t.post('/api/patients', patientPayload({ allergies: [' Penicillin ', '', 'Latex'], bloodType: 'AB-' }));
    expect(res.statusCode).toBe(201);
    const patient = patientDto.parse(res.json().patient);
    expect(patient).toMatchObject({
      organizationId: 'default-clinic',
      clinicId: 'default-clinic',
      status: 'active',
      phone: '(555) 310-4477',
      phoneNumber: '(555) 310-4477',
      allergies: ['Penicillin', 'Latex'],
      bloodType: 'AB-',
      address: { country: 'USA' },
      lastVisit: null,
    });
    const read = await t.get(`/api/patients/${patient.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ success: true, patient });
  });

  it('lists every patient exactly as its own page shows it, field for field (the list is written by the database)', async () => {
    const full = await createPatient({
      firstName: 'Zoë',
      lastName: 'O\'Brien \\ "Quoted"',
      email: 'zoe.obrien@example.org',
      allergies: ['Penicillin', 'Latex'],
      currentMedications: ['Metformin 500 mg'],
      medicalHistory: ['Asthma'],
      bloodType: 'O+',
      gender: 'female',
      dateOfBirth: '1979-02-28',
    });
    await t.post(`/api/patients/${full.id}/visits`, { date: '2025-03-04T05:06:07.089Z', doctor: 'Dr. List' });
    await t.post(`/api/patients/${full.id}/discharge`);
    const listed = (await t.get('/api/patients?limit=200')).json().patients as Body[];
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.some((p) => p.id === full.id && p.dischargedAt && p.lastVisit === '2025-03-04T05:06:07.089Z')).toBe(true);
    // What toPatientJson makes of each row (create, edit and discharge answer with it), and the patient's own page.
    const stored = await t.database.db
      .select()
      .from(patients)
      .where(
        inArray(
          patients.id,
          listed.map((p) => p.id as string),
        ),
      );
    const expected = new Map(stored.map((row) => [row.id, toPatientJson(row)]));
    for (const patient of listed) {
      expect(patient, patient.id).toEqual(expected.get(patient.id));
      expect((await t.get(`/api/patients/${patient.id}`)).json(), patient.id).toEqual({ success: true, patient });
    }
  });

  it('ignores a status and creation time sent by the client: new patients are active', async () => {
    const p = await createPatient({ status: 'discharged', createdAt: '2001-01-01T00:00:00Z' });
    expect(p.status).toBe('active');
    expect(new Date(p.createdAt).getUTCFullYear()).toBeGreaterThan(2001);
  });

  it('serves the spec paths /api/triage/patients with phoneNumber and { success, patients } / { success, patient }', async () => {
    const { phone: _p, ...body } = patientPayload({ firstName: 'Triage', lastName: 'Alias', email: 'alias@example.org' });
    const created = await t.post('/api/triage/patients', {
      ...body,
      phoneNumber: '555 777 1234',
      status: 'active',
      createdAt: new Date().toISOString(),
    });
    expect(created.statusCode).toBe(201);
    const patient = created.json().patient;
    expect(patient.phoneNumber).toBe('555 777 1234');

    const listed = await t.get('/api/triage/patients?search=alias');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ success: true, patients: [{ id: patient.id }], total: 1 });

    const { phone: _q, ...again } = patientPayload({ firstName: 'Triage', lastName: 'Renamed', email: 'alias@example.org' });
    const updated = await t.put(`/api/triage/patients/${patient.id}`, {
      ...again,
      phoneNumber: '555 777 9999',
      lastUpdated: new Date().toISOString(),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ success: true, patient: { lastName: 'Renamed', phoneNumber: '555 777 9999' } });
  });

  it('updates every field given and records which fields changed', async () => {
    const p = await createPatient({ firstName: 'Upd', lastName: 'Ate', email: 'upd@example.org' });
    const res = await t.put(
      `/api/patients/${p.id}`,
      patientPayload({
        firstName: 'Updated',
        lastName: 'Ate',
        email: 'upd@example.org',
        medicalHistory: ['Asthma'],
        insuranceProvider: 'Aetna',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().patient).toMatchObject({ firstName: 'Updated', medicalHistory: ['Asthma'], insuranceProvider: 'Aetna', status: 'active' });
    expect(new Date(res.json().patient.lastUpdated).getTime()).toBeGreaterThanOrEqual(new Date(p.lastUpdated).getTime());
    const events = (await auditEventsOf(t.database.db, 'patient.updated')).filter((e) => e.entity_id === p.id);
    expect(events).toHaveLength(1);
    expect(events[0].details?.fields.sort()).toEqual(['firstName', 'insuranceProvider', 'medicalHistory']);
  });

  it('reports the overview counts by status and this month', async () => {
    const before = (await t.get('/api/patients/stats/overview')).json().stats;
    const p = await createPatient({ firstName: 'Stat', lastName: 'Counter', email: 'stat@example.org' });
    await t.post(`/api/patients/${p.id}/discharge`);
    const res = await t.get('/api/patients/stats/overview');
    expect(res.statusCode).toBe(200);
    const stats = res.json().stats;
    expect(stats).toEqual({
      total: before.total + 1,
      active: before.active,
      inactive: before.inactive,
      discharged: before.discharged + 1,
      newThisMonth: before.newThisMonth + 1,
    });
    expect(stats.total).toBe(stats.active + stats.inactive + stats.discharged);
  });
});

describe('validation', () => {
  const invalid: Array<[string, Body, string]> = [
    ['missing first name', { firstName: undefined }, 'firstName'],
    ['blank last name', { lastName: '   ' }, 'lastName'],
    ['missing date of birth', { dateOfBirth: undefined }, 'dateOfBirth'],
    ['malformed date of birth', { dateOfBirth: '12/09/1986' }, 'dateOfBirth'],
    ['impossible date of birth', { dateOfBirth: '1986-02-30' }, 'dateOfBirth'],
    ['future date of birth', { dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
    ['missing gender', { gender: undefined }, 'gender'],
    ['unknown gender', { gender: 'robot' }, 'gender'],
    ['missing phone', { phone: undefined }, 'phone'],
    ['phone of letters', { phone: 'call me maybe' }, 'phone'],
    ['phone too short', { phone: '555-12' }, 'phone'],
    ['missing email', { email: undefined }, 'email'],
    ['malformed email', { email: 'grace@' }, 'email'],
    ['missing address', { address: undefined }, 'address'],
    ['missing street', { address: { city: 'A', state: 'B', zipCode: '12345' } }, 'address.street'],
    ['missing city', { address: { street: 'A', state: 'B', zipCode: '12345' } }, 'address.city'],
    ['missing state', { address: { street: 'A', city: 'B', zipCode: '12345' } }, 'address.state'],
    ['missing ZIP', { address: { street: 'A', city: 'B', state: 'C' } }, 'address.zipCode'],
    ['malformed ZIP', { address: { street: 'A', city: 'B', state: 'C', zipCode: '<script>' } }, 'address.zipCode'],
    ['missing emergency contact name', { emergencyContactName: '' }, 'emergencyContactName'],
    ['missing emergency contact relationship', { emergencyContactRelationship: undefined }, 'emergencyContactRelationship'],
    ['missing emergency contact phone', { emergencyContactPhone: undefined }, 'emergencyContactPhone'],
    ['malformed emergency contact phone', { emergencyContactPhone: 'none' }, 'emergencyContactPhone'],
    ['unknown blood type', { bloodType: 'Z+' }, 'bloodType'],
    ['allergies not a list', { allergies: 'peanuts' }, 'allergies'],
    ['an overlong list entry', { currentMedications: ['x'.repeat(201)] }, 'currentMedications.0'],
    ['too many conditions', { medicalHistory: Array.from({ length: 51 }, (_, i) => `c${i}`) }, 'medicalHistory'],
    ['overlong first name', { firstName: 'x'.repeat(101) }, 'firstName'],
    ['a right-to-left override (U+202E) in the first name', { firstName: 'Grace\u202Eecarg' }, 'firstName'],
    ['a left-to-right isolate (U+2066) in the last name', { lastName: '\u2066Hopper\u2069' }, 'lastName'],
    ['an embedding (U+202B) in the emergency contact name', { emergencyContactName: 'Vincent \u202BHopper' }, 'emergencyContactName'],
    ['overlong insurance provider', { insuranceProvider: 'x'.repeat(201) }, 'insuranceProvider'],
    ['overlong insurance number', { insuranceNumber: 'x'.repeat(101) }, 'insuranceNumber'],
  ];

  it.each(invalid)('refuses %s with a 400 naming the field, and writes nothing', async (_name, over, path) => {
    const before = [await count('patients'), await count('audit_events')];
    const res = await t.post('/api/patients', patientPayload(over));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'validation/invalid', message: 'Some fields are invalid.' });
    expect(body.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect([await count('patients'), await count('audit_events')]).toEqual(before);
  });

  it('refuses an invalid update with a 400 and leaves the record as it was', async () => {
    const p = await createPatient({ firstName: 'Keep', lastName: 'Me', email: 'keep@example.org' });
    const res = await t.put(`/api/patients/${p.id}`, patientPayload({ firstName: 'Changed', email: 'nope' }));
    expect(res.statusCode).toBe(400);
    expect((await t.get(`/api/patients/${p.id}`)).json().patient.firstName).toBe('Keep');
  });

  it('refuses malformed JSON and a body that is not JSON with a 4xx and writes nothing', async () => {
    const before = await count('patients');
    const bad = await t.inject({ method: 'POST', url: '/api/patients', headers: { 'content-type': 'application/json' }, payload: '{"firstName":' });
    expect(bad.statusCode).toBe(400);
    const form = await t.inject({ method: 'POST', url: '/api/patients', headers: { 'content-type': 'text/plain' }, payload: 'firstName=x' });
    expect(form.statusCode).toBe(415);
    expect(await count('patients')).toBe(before);
  });

  it('refuses a malformed id with a 400', async () => {
    const res = await t.get(`/api/patients/${encodeURIComponent("x' or '1'='1")}`);
    expect(res.statusCode).toBe(400);
  });

  it('gives 404 for an unknown patient id', async () => {
    const res = await t.get('/api/patients/no-such-patient');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'not-found', message: 'Patient not found' });
  });
});

describe('search, filter, sort and pages', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const people: Array<[string, string, string, string]> = [
      ['Quentin', 'Zabrowski', 'qz@zabrowski.net', '(555) 868-1201'],
      ['Quinn', 'Zabriskie', 'quinn.z@mail.example', '+1 555 868 1202'],
      ['Ursula', 'Zabel', 'UZABEL@Example.COM', '555.868.1203'],
      ['Ulric', 'Quartermain', 'ulric@quarter.example', '(555) 919-2204'],
    ];
    for (const [firstName, lastName, email, phone] of people) {
      const p = await createPatient({ firstName, lastName, email, phone });
      ids[firstName] = p.id;
    }
    await t.post(`/api/patients/${ids.Ursula}/discharge`);
  });
  const names = (r: { patients: Array<{ firstName: string }> }) => r.patients.map((p) => p.firstName);

  it('finds by the start of the first name, the last name or the full name, in any letter case', async () => {
    expect(names(await list('search=quen'))).toEqual(['Quentin']);
    expect(names(await list('search=ZAB'))).toEqual(['Quentin', 'Quinn', 'Ursula']);
    expect(names(await list('search=zabr'))).toEqual(['Quentin', 'Quinn']);
    expect(names(await list(`search=${encodeURIComponent('Quinn Zab')}`))).toEqual(['Quinn']);
    expect(names(await list(`search=${encodeURIComponent('zabel, urs')}`))).toEqual(['Ursula']);
  });

  it('finds by the start of the e-mail, in any letter case', async () => {
    expect(names(await list('search=uzabel%40example'))).toEqual(['Ursula']);
    expect(names(await list('search=ULRIC%40'))).toEqual(['Ulric']);
  });

  it('finds by part of the phone number, whatever its punctuation: its start or its end', async () => {
    expect(names(await list('search=555-868'))).toEqual(['Quentin', 'Quinn', 'Ursula']);
    expect(names(await list(`search=${encodeURIComponent('(555) 919')}`))).toEqual(['Ulric']);
    expect(names(await list('search=1202'))).toEqual(['Quinn']);
    expect(names(await list(`search=${encodeURIComponent('868 1203')}`))).toEqual(['Ursula']);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    expect((await list('search=%25')).total).toBe(0);
    expect((await list('search=_')).total).toBe(0);
  });

  it('filters by status and combines the filter with a search', async () => {
    expect(names(await list('search=zab&status=discharged'))).toEqual(['Ursula']);
    expect(names(await list('search=zab&status=active'))).toEqual(['Quentin', 'Quinn']);
    expect(names(await list('search=zab&status=inactive'))).toEqual([]);
    const discharged = await list('status=discharged&limit=200');
    expect(names(discharged)).toContain('Ursula');
    expect(discharged.patients.every((p) => p.status === 'discharged')).toBe(true);
    const all = await list('status=all&limit=1');
    const stats = (await t.get('/api/patients/stats/overview')).json().stats;
    expect(all.total).toBe(stats.total);
    expect(discharged.total).toBe(stats.discharged);
  });

  it('sorts by name both ways, by date added (newest first by default) and by status', async () => {
    expect(names(await list('search=zab&sort=name&direction=desc'))).toEqual(['Ursula', 'Quinn', 'Quentin']);
    expect(names(await list('search=zab&sort=createdAt'))).toEqual(['Ursula', 'Quinn', 'Quentin']);
    expect(names(await list('search=zab&sort=createdAt&direction=asc'))).toEqual(['Quentin', 'Quinn', 'Ursula']);
    expect(names(await list('search=zab&sort=status'))).toEqual(['Quentin', 'Quinn', 'Ursula']);
    expect(names(await list('search=zab&sort=status&direction=desc'))).toEqual(['Ursula', 'Quentin', 'Quinn']);
  });

  it('pages with limit and offset, reports the total, and never repeats a row', async () => {
    const all = await list('limit=200');
    expect(all.total).toBe(all.patients.length);
    const seen: string[] = [];
    for (let offset = 0; offset < all.total; offset += 7) {
      const page = await list(`limit=7&offset=${offset}`);
      expect(page).toMatchObject({ total: all.total, limit: 7, offset });
      seen.push(...page.patients.map((p) => p.id));
    }
    expect(seen).toEqual(all.patients.map((p) => p.id));
    expect((await list(`offset=${all.total}`)).patients).toEqual([]);
  });

  it('refuses a sort outside the allow-list, such as an injection attempt, with a 400', async () => {
    for (const sort of ['name;DROP TABLE patients', 'name;DROP TABLE', 'first_name', 'name desc']) {
      const res = await t.get(`/api/patients?sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('sort');
    }
    expect(await count('patients')).toBeGreaterThan(0);
  });

  it('refuses an unknown status, direction, or an out-of-range page with a 400', async () => {
    for (const q of ['status=archived', 'direction=up', 'limit=0', 'limit=201', 'offset=-1', `search=${'x'.repeat(101)}`]) {
      expect((await t.get(`/api/patients?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('shows the date of the latest visit in the list', async () => {
    await t.post(`/api/patients/${ids.Ulric}/visits`, { date: '2024-03-01T10:00:00Z', doctor: 'Dr. A' });
    await t.post(`/api/patients/${ids.Ulric}/visits`, { date: '2024-05-01T10:00:00Z', doctor: 'Dr. B' });
    const [ulric] = (await list('search=ulric')).patients;
    expect(ulric.lastVisit).toBe('2024-05-01T10:00:00.000Z');
    // An earlier visit added later changes nothing; the patient's own page shows the same.
    await t.post(`/api/patients/${ids.Ulric}/visits`, { date: '2024-04-01T10:00:00Z', doctor: 'Dr. C' });
    expect((await t.get(`/api/patients/${ids.Ulric}`)).json().patient.lastVisit).toBe('2024-05-01T10:00:00.000Z');
    // Visits changed or removed (by the database's owner: the app never does) move it back.
    await t.database.db.execute(
      sql`update patient_visits set visited_at = '2024-06-01T10:00:00Z' where patient_id = ${ids.Ulric} and doctor = 'Dr. A'`,
    );
    expect((await t.get(`/api/patients/${ids.Ulric}`)).json().patient.lastVisit).toBe('2024-06-01T10:00:00.000Z');
    await t.database.db.execute(sql`delete from patient_visits where patient_id = ${ids.Ulric} and doctor in ('Dr. A', 'Dr. B')`);
    expect((await t.get(`/api/patients/${ids.Ulric}`)).json().patient.lastVisit).toBe('2024-04-01T10:00:00.000Z');
    await t.database.db.execute(sql`delete from patient_visits where patient_id = ${ids.Ulric}`);
    expect((await t.get(`/api/patients/${ids.Ulric}`)).json().patient.lastVisit).toBeNull();
  });
});

describe('visits', () => {
  it('adds a visit with the spec fields and lists visits newest first with a total', async () => {
    const p = await createPatient({ firstName: 'Visit', lastName: 'Taker', email: 'visits@example.org' });
    const visit = {
      type: 'emergency',
      priority: 'critical',
      doctor: 'Dr. Sarah Chen',
      waitTime: 0,
      status: 'completed',
      symptoms: 'Chest pain',
      diagnosis: 'Angina',
      treatment: 'Nitroglycerin',
      notes: 'Admitted',
    };
    const first = await t.post(`/api/patients/${p.id}/visits`, { date: '2025-01-10T09:00:00Z', ...visit });
    expect(first.statusCode).toBe(201);
    // Every field comes back as sent; the date in its full ISO form.
    expect(first.json().visit).toMatchObject({ patientId: p.id, date: '2025-01-10T09:00:00.000Z', ...visit });
    await t.post(`/api/patients/${p.id}/visits`, { date: '2025-02-01', doctor: 'Dr. Lee' });
    const res = await t.get(`/api/patients/${p.id}/visits`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(visitListResponse.parse(body).summary).toEqual({ total: 2, completed: 2, emergency: 1 });
    expect(body.visits.map((v: Body) => v.doctor)).toEqual(['Dr. Lee', 'Dr. Sarah Chen']);
    expect(body.visits[0]).toMatchObject({ type: 'routine', priority: 'low', status: 'completed', waitTime: null, notes: null });
    const page = (await t.get(`/api/patients/${p.id}/visits?limit=1&offset=1`)).json();
    expect(page).toMatchObject({ total: 2, limit: 1, offset: 1, visits: [{ doctor: 'Dr. Sarah Chen' }] });
  });

  it('refuses an invalid visit with a 400 naming the fields, and writes nothing', async () => {
    const p = await createPatient({ firstName: 'Bad', lastName: 'Visit', email: 'badvisit@example.org' });
    const before = await count('patient_visits');
    const res = await t.post(`/api/patients/${p.id}/visits`, {
      date: 'yesterday',
      type: 'walk-in',
      priority: 'urgent',
      status: 'done',
      waitTime: -5,
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .issues.map((i: Body) => i.path)
        .sort(),
    ).toEqual(['date', 'doctor', 'priority', 'status', 'type', 'waitTime']);
    expect(await count('patient_visits')).toBe(before);
  });

  it('gives 404 for the visits of an unknown patient', async () => {
    expect((await t.get('/api/patients/nobody/visits')).statusCode).toBe(404);
    expect((await t.post('/api/patients/nobody/visits', { date: '2025-01-01', doctor: 'Dr. X' })).statusCode).toBe(404);
  });
});

describe('status changes and archiving', () => {
  it('discharges, refuses a second discharge with 409, then reactivates', async () => {
    const p = await createPatient({ firstName: 'Dis', lastName: 'Charge', email: 'dis@example.org' });
    const d = await t.post(`/api/patients/${p.id}/discharge`);
    expect(d.statusCode).toBe(200);
    expect(d.json().patient).toMatchObject({ status: 'discharged' });
    expect(d.json().patient.dischargedAt).not.toBeNull();
    const again = await t.post(`/api/patients/${p.id}/discharge`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Patient is already discharged.');
    const r = await t.post(`/api/patients/${p.id}/reactivate`);
    expect(r.statusCode).toBe(200);
    expect(r.json().patient).toMatchObject({ status: 'active', dischargedAt: null });
    expect((await t.post(`/api/patients/${p.id}/reactivate`)).statusCode).toBe(409);
  });

  it('archives for an Admin: gone from the directory, kept in the database', async () => {
    const p = await createPatient({ firstName: 'Archie', lastName: 'Ved', email: 'archie@example.org' });
    const res = await admin.delete(`/api/patients/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, archived: true, patient: { id: p.id } });
    expect((await t.get(`/api/patients/${p.id}`)).statusCode).toBe(404);
    expect((await list('search=archie')).total).toBe(0);
    expect((await admin.delete(`/api/patients/${p.id}`)).statusCode).toBe(404);
    const kept = await rows(t.database.db, sql`select archived_at from patients where id = ${p.id}`);
    expect(kept).toHaveLength(1);
    expect(kept[0].archived_at).not.toBeNull();
  });

  it('refuses archiving to a Doctor with a 403', async () => {
    const p = await createPatient({ firstName: 'Not', lastName: 'Archived', email: 'not.archived@example.org' });
    const res = await t.delete(`/api/patients/${p.id}`);
    expect(res.statusCode).toBe(403);
    expect((await t.get(`/api/patients/${p.id}`)).statusCode).toBe(200);
  });

  it('gives the application role no way to erase a patient or a visit', async () => {
    const refused = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.organization_id', 'default-clinic', true), set_config('role', 'clinic_app', true)`);
        await tx.execute(sql`delete from patients where organization_id = 'default-clinic'`);
      })
      .then(
        () => null,
        (err: Error) => String(err.message ?? err) + String((err as { cause?: Error }).cause?.message ?? ''),
      );
    expect(refused).toMatch(/permission denied/);
  });
});

describe('audit trail', () => {
  it('records each read and change with the actor and the patient ids', async () => {
    const p = await createPatient({ firstName: 'Audrey', lastName: 'Trail', email: 'audrey@example.org' });
    await t.get('/api/patients?search=audrey');
    await t.get(`/api/patients/${p.id}`);
    await t.put(`/api/patients/${p.id}`, patientPayload({ firstName: 'Audrey', lastName: 'Trailed', email: 'audrey@example.org' }));
    await t.post(`/api/patients/${p.id}/visits`, { date: '2025-01-01', doctor: 'Dr. Who' });
    await t.get(`/api/patients/${p.id}/visits`);
    await t.post(`/api/patients/${p.id}/discharge`);
    await t.post(`/api/patients/${p.id}/reactivate`);
    await admin.delete(`/api/patients/${p.id}`);

    const single = [
      'patient.created',
      'patient.read',
      'patient.updated',
      'patient.visit.created',
      'patient.visits.read',
      'patient.discharged',
      'patient.reactivated',
      'patient.archived',
    ];
    for (const action of single) {
      const events = (await auditEventsOf(t.database.db, action)).filter((e) => e.entity_id === p.id);
      expect(events, action).toHaveLength(1);
      expect(events[0]).toMatchObject({ organization_id: 'default-clinic', entity_type: 'patient' });
      expect(events[0].actor_user_id, action).toBeTruthy();
      expect(events[0].ip, action).toBeTruthy();
    }
    const read = (await auditEventsOf(t.database.db, 'patient.read')).find((e) => e.entity_id === p.id)!;
    expect(read.actor_user_id).toBe(doctorId);
    const listed = (await auditEventsOf(t.database.db, 'patient.list')).filter((e) => e.details?.search === 'audrey');
    expect(listed).toHaveLength(1);
    // What the request knew (search, sort, page, clinic) and what only the read knew (ids, total), in one row.
    expect(listed[0]).toMatchObject({
      actor_user_id: doctorId,
      details: { search: 'audrey', sort: 'name', offset: 0, clinicId: expect.any(String), patientIds: [p.id], total: 1 },
    });
  });

  it('records no read when the patient is not found', async () => {
    const before = await count('audit_events');
    await t.get('/api/patients/missing-one');
    expect(await count('audit_events')).toBe(before);
  });
});

describe('demo seed', () => {
  it('gives the demo clinic a realistic directory with visits', async () => {
    const res = await t.get('/api/patients?search=smith');
    expect(res.json().patients.some((p: Body) => p.lastName === 'Smith' && p.lastVisit)).toBe(true);
    const [{ n }] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from patients where created_by is not null and organization_id = 'default-clinic'`,
    );
    expect(n).toBeGreaterThanOrEqual(25);
  });
});

describe('kept counts', () => {
  it('equal the directory rows per clinic and status after creates, edits, discharges, reactivations and archives', async () => {
    const a = await createPatient({ firstName: 'Count', lastName: 'One', email: 'count1@example.org' });
    const b = await createPatient({ firstName: 'Count', lastName: 'Two', email: 'count2@example.org' });
    await t.put(`/api/patients/${a.id}`, patientPayload({ firstName: 'Count', lastName: 'Uno', email: 'count1@example.org' }));
    await t.post(`/api/patients/${a.id}/discharge`);
    await t.post(`/api/patients/${b.id}/discharge`);
    await t.post(`/api/patients/${b.id}/reactivate`);
    await admin.delete(`/api/patients/${a.id}`);
    const kept = await rows<{ status: string; n: number }>(
      t.database.db,
      sql`select status, sum(n)::int as n from patient_counts where organization_id = 'default-clinic' group by status having sum(n) <> 0 order by status`,
    );
    const actual = await rows<{ status: string; n: number }>(
      t.database.db,
      sql`select status, count(*)::int as n from patients where organization_id = 'default-clinic' and clinic_id = 'default-clinic' and archived_at is null group by status order by status`,
    );
    expect(kept).toEqual(actual);
    const stats = (await t.get('/api/patients/stats/overview')).json().stats;
    const all = await list('limit=1');
    expect(stats.total).toBe(actual.reduce((s, r) => s + r.n, 0));
    expect(all.total).toBe(stats.total);
    expect((await list('status=discharged&limit=1')).total).toBe(stats.discharged);

    // The search prefixes: what the keys of the directory rows give, each patient once per prefix.
    const prefixes = (table: SQL) =>
      rows<{ prefix: string; status: string; n: number }>(t.database.db, sql`select prefix, status, n from ${table} order by prefix, status`);
    const keptPrefixes = await prefixes(
      sql`(select prefix, status, sum(n)::int as n from patient_search_prefixes where organization_id = 'default-clinic' and clinic_id = 'default-clinic' group by prefix, status having sum(n) <> 0) as kept`,
    );
    const actualPrefixes = await prefixes(sql`(
      select p.prefix, r.status, count(*)::int as n
      from patients r, lateral (
        select distinct left(k, l) as prefix from unnest(array[r.search_name, r.search_name_reversed, r.search_email]) as k, generate_series(1, 4) as l
        where char_length(k) >= l) as p
      where r.organization_id = 'default-clinic' and r.clinic_id = 'default-clinic' and r.archived_at is null
      group by 1, 2) as actual`);
    expect(keptPrefixes).toEqual(actualPrefixes);
    expect(keptPrefixes.some((r) => r.prefix === 'coun')).toBe(true);
    // Each short search's total is what the rows give.
    for (const term of ['c', 'co', 'coun', 'UNO', 'two']) {
      expect((await list(`search=${term}&limit=1`)).total, term).toBe((await list(`search=${term}&limit=100`)).patients.length);
    }
  });
});
