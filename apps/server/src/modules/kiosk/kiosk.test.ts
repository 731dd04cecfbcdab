import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEventsOf, createOtherOrganization, rows, useTestApp } from '../../test/harness.js';

const kioskCase = (over: Record<string, unknown> = {}) => ({
  firstName: 'Maria',
  lastName: 'Lopez',
  dateOfBirth: '1950-04-02',
  phoneNumber: '(555) 201-3344',
  chiefComplaint: 'Chest pain since this morning',
  symptoms: ['chest pain', 'shortness of breath'],
  painLevel: 7,
  ...over,
});

describe('kiosk check-in', () => {
  const t = useTestApp();

  it('queues a waiting case for default-clinic with queue numbers counting up from 1', async () => {
    const first = await t.post('/api/triage/case', kioskCase());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, case: { id: expect.any(String) }, queueNumber: 1 });
    const second = await t.post(
      '/api/triage/case/kiosk',
      kioskCase({ firstName: 'Sam', lastName: 'Hill', dateOfBirth: undefined, phoneNumber: undefined }),
    );
    expect(second.json().queueNumber).toBe(2);
    const [entry] = await rows(t.database.db, sql`select * from queue_entries where id = ${first.json().case.id}`);
    expect(entry).toMatchObject({
      organization_id: 'default-clinic',
      clinic_id: 'default-clinic',
      status: 'waiting',
      requested_priority: 'routine',
      source: 'kiosk',
      department: 'general',
      first_name: 'Maria',
      age: expect.any(Number),
    });
    const history = await rows(t.database.db, sql`select action, to_status from queue_transitions where entry_id = ${entry.id}`);
    expect(history).toEqual([{ action: 'create', to_status: 'waiting' }]);
  });

  it('counts queue numbers per clinic: another organization starts again at 1', async () => {
    const other = await createOtherOrganization(t.app, 'kiosk-owner@other.org');
    const res = await t.post(
      `/api/triage/case?organizationId=${other.organizationId}&clinicId=${other.clinicId}`,
      kioskCase({ lastName: 'Other' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().queueNumber).toBe(1);
    // A kiosk URL naming only the organization sends its id as the clinic too (the spec's default).
    const byOrganizationId = await t.post(
      `/api/triage/case?organizationId=${other.organizationId}&clinicId=${other.organizationId}`,
      kioskCase({ lastName: 'Other2' }),
    );
    expect(byOrganizationId.statusCode).toBe(201);
    expect(byOrganizationId.json().queueNumber).toBe(2);
  });

  it('makes a new chart for a returning patient and flags the earlier one as a possible match, never attaching to it', async () => {
    const before = await rows(t.database.db, sql`select count(*)::int as n from patients where organization_id = 'default-clinic'`);
    const a = await t.post('/api/triage/case', kioskCase({ firstName: 'Maria', lastName: 'Okafor' }));
    const b = await t.post('/api/triage/case', kioskCase({ firstName: 'M.', lastName: 'OKAFOR', phoneNumber: '555-201-3344' }));
    const c = await t.post('/api/triage/case', kioskCase({ lastName: 'Okafor', dateOfBirth: '1951-04-02' }));
    const ids = await rows<{ id: string; patient_id: string }>(
      t.database.db,
      sql`select id, patient_id from queue_entries where id in (${a.json().case.id}, ${b.json().case.id}, ${c.json().case.id})`,
    );
    const patientOf = (id: string) => ids.find((r) => r.id === id)!.patient_id;
    expect(new Set([a, b, c].map((r) => patientOf(r.json().case.id))).size).toBe(3);
    const after = await rows(t.database.db, sql`select count(*)::int as n from patients where organization_id = 'default-clinic'`);
    expect(after[0].n - before[0].n).toBe(3);
    // b matches a (last name, birth date, phone); c was born another year: no flag.
    const flags = await rows(t.database.db, sql`select patient_id, match_patient_id, reasons, source from patient_possible_matches`);
    expect(flags).toEqual([
      {
        patient_id: patientOf(b.json().case.id),
        match_patient_id: patientOf(a.json().case.id),
        reasons: ['lastName', 'dateOfBirth', 'phone'],
        source: 'kiosk',
      },
    ]);
    // The answer carries nothing of the earlier chart.
    expect(Object.keys(b.json()).sort()).toEqual(Object.keys(a.json()).sort());
    const audits = await auditEventsOf(t.database.db, 'queue.checked-in');
    expect(audits.at(-1)).toMatchObject({ organization_id: 'default-clinic', actor_user_id: null, entity_type: 'queue_entry' });
  });

  it("never attaches a check-in to another clinic's chart, even when all three match", async () => {
    const clinic = await t.as('admin').post('/api/clinics', { name: 'North Annex' });
    expect(clinic.statusCode).toBe(201);
    const annexId = clinic.json().clinic.id as string;
    const main = await t.post('/api/triage/case', kioskCase({ lastName: 'Abernathy' }));
    const annex = await t.post(`/api/triage/case?organizationId=default-clinic&clinicId=${annexId}`, kioskCase({ lastName: 'Abernathy' }));
    expect([main.statusCode, annex.statusCode]).toEqual([201, 201]);
    const charts = await rows<{ clinic_id: string }>(
      t.database.db,
      sql`select p.clinic_id from queue_entries q join patients p on p.organization_id = q.organization_id and p.id = q.patient_id
          where q.id in (${main.json().case.id}, ${annex.json().case.id}) order by p.clinic_id = ${annexId}`,
    );
    expect(charts).toEqual([{ clinic_id: 'default-clinic' }, { clinic_id: annexId }]);
  });

  it('answers 404 for an unknown organization and writes nothing', async () => {
    const before = await rows(t.database.db, sql`select count(*)::int as n from queue_entries`);
    const res = await t.post('/api/triage/case?organizationId=no-such-org', kioskCase());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'not-found' });
    const unknownClinic = await t.post('/api/triage/case?clinicId=no-such-clinic', kioskCase());
    expect(unknownClinic.statusCode).toBe(404);
    const after = await rows(t.database.db, sql`select count(*)::int as n from queue_entries`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('refuses a case without first name, last name or chief complaint with the spec message', async () => {
    const res = await t.post('/api/triage/case', { firstName: '', lastName: 'X', chiefComplaint: '', symptoms: [] });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['chiefComplaint', 'firstName']);
    expect(body.issues[0].message).toBe('Please fill in all required fields');
  });

  it('limits check-ins from one address to 30 a minute (429), while another address still gets through', async () => {
    const address = '10.99.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await t.post('/api/triage/case', kioskCase({ lastName: `Flood${i}` }), { remoteAddress: address });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 201)).toBe(true);
    expect(codes[30]).toBe(429);
    const elsewhere = await t.post('/api/triage/case', kioskCase(), { remoteAddress: '10.99.0.2' });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses over-long and ill-typed fields with a 400, never a 500', async () => {
    for (const payload of [
      kioskCase({ chiefComplaint: 'x'.repeat(5000) }),
      kioskCase({ painLevel: 11 }),
      kioskCase({ symptoms: 'not-a-list-of-strings'.repeat(1) && 42 }),
      kioskCase({ firstName: { $gt: '' } }),
    ]) {
      const res = await t.post('/api/triage/case', payload);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('public clinic context', () => {
  const t = useTestApp();

  it('names the organization and clinic a kiosk is connected to, defaulting to default-clinic', async () => {
    const res = await t.get('/api/public/clinic');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      organization: { id: 'default-clinic', name: 'Demo General Hospital', language: 'en' },
      clinic: { id: 'default-clinic', name: 'Demo General Hospital Main Clinic' },
    });
  });

  it('uses the first clinic of an organization without a clinic of its own id, and 404s an unknown one', async () => {
    const other = await createOtherOrganization(t.app, 'context-owner@other.org');
    const res = await t.get(`/api/public/clinic?organizationId=${other.organizationId}`);
    expect(res.json().clinic).toEqual({ id: other.clinicId, name: 'Other Health Main Clinic' });
    expect((await t.get('/api/public/clinic?organizationId=nope')).statusCode).toBe(404);
    expect((await t.get(`/api/public/clinic?clinicId=${other.clinicId}`)).statusCode).toBe(404);
    expect((await t.get("/api/public/clinic?organizationId=' OR 1=1 --")).statusCode).toBe(400);
  });
});
