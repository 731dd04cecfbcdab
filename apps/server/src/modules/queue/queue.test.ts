import { QUEUE_ACTIONS, QUEUE_STATUSES, canTransition, type QueueAction, type QueueStatus } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEventsOf, createOtherOrganization, memberIdOf, rows, signInAs, useTestApp, type Who } from '../../test/harness.js';
import { kioskCheckIns } from '../../test/kiosk-check-ins.js';

/** How to bring a fresh waiting entry to each status. */
const PATH_TO: Record<QueueStatus, QueueAction[]> = {
  waiting: [],
  'in-progress': ['start'],
  completed: ['start', 'complete'],
  cancelled: ['cancel'],
  admitted: ['admit'],
  'emergency-admitted': ['emergency-admit'],
};

describe('queue manager', () => {
  const t = useTestApp({ as: 'nurse' });
  const checkIn = kioskCheckIns(t, { firstName: 'Pat', lastName: 'Case', phonePrefix: '555-000-', chiefComplaint: 'Headache' });
  const act = (id: string, action: QueueAction, who: Who = 'nurse', payload: Record<string, unknown> = {}) =>
    t.as(who).post(`/api/triage/waiting-room/${id}/${action}`, action === 'assign' ? { clinicianName: 'Dr. Rivera', ...payload } : payload);

  it('lists open entries with every derived field, ordered by clinical priority', async () => {
    const low = await checkIn({ chiefComplaint: 'Sore knee', firstName: 'Lowe' });
    const high = await checkIn({ chiefComplaint: 'Chest pain, heart attack feared', symptoms: ['chest pain'], age: 80, firstName: 'Hyde' });
    const res = await t.get('/api/triage/waiting-room');
    expect(res.statusCode).toBe(200);
    const { patients, stats } = res.json();
    const ids = patients.map((p: { id: string }) => p.id);
    expect(ids.indexOf(high)).toBeLessThan(ids.indexOf(low));
    const top = patients.find((p: { id: string }) => p.id === high);
    expect(top).toMatchObject({
      patientName: `Hyde Case${checkIn.made}`,
      status: 'waiting',
      urgencyLevel: 'emergency',
      requiresImmediateAttention: true,
      aiConfidence: 0.85,
      estimatedTime: 30,
      news2: null,
    });
    expect(top.riskScore).toBe(100);
    expect(top.recommendations.length).toBeGreaterThan(0);
    expect(stats.totalWaiting).toBeGreaterThanOrEqual(2);
    expect(stats.emergencyCases).toBeGreaterThanOrEqual(1);
    expect(stats.doctorsAvailable).toBe(1);
    const audits = await auditEventsOf(t.database.db, 'queue.read');
    expect(audits.at(-1)?.details?.entries).toContain(high);
  });

  it('counts a doctor giving care as unavailable until that care ends', async () => {
    const doctor = await signInAs(t.app, 'doctor@demo.clinic');
    const stats = async () => (await t.get('/api/triage/waiting-room/stats')).json().stats;
    expect((await stats()).doctorsAvailable).toBe(1);
    const id = await checkIn();
    await act(id, 'start', doctor);
    expect((await stats()).doctorsAvailable).toBe(0);
    await act(id, 'complete', doctor);
    expect((await stats()).doctorsAvailable).toBe(1);
  });

  it('allows exactly the transitions of the status machine and answers 409 otherwise', async () => {
    for (const status of QUEUE_STATUSES) {
      for (const action of QUEUE_ACTIONS) {
        const id = await checkIn();
        for (const step of PATH_TO[status]) expect((await act(id, step)).statusCode).toBe(200);
        const res = await act(id, action);
        const allowed = canTransition(status, action);
        expect({ status, action, code: res.statusCode }).toEqual({ status, action, code: allowed ? 200 : 409 });
        if (!allowed) expect(res.json().message).toMatch(/^Cannot /);
      }
    }
  });

  it('Start Care through PUT /api/triage/case/{id}/status records who and when, and keeps the history', async () => {
    const id = await checkIn();
    const res = await t.put(`/api/triage/case/${id}/status`, {
      status: 'in-progress',
      startedAt: new Date().toISOString(),
      startedBy: 'someone-else',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().patient).toMatchObject({ status: 'in-progress', startedAt: expect.any(String) });
    const [user] = await rows(t.database.db, sql`select id from users where email = 'nurse@demo.clinic'`);
    expect(res.json().patient.startedBy).toBe(user.id);
    const again = await t.put(`/api/triage/case/${id}/status`, { status: 'in-progress' });
    expect(again.statusCode).toBe(409);
    const back = await t.put(`/api/triage/case/${id}/status`, { status: 'waiting' });
    expect(back.statusCode).toBe(409);
    const history = await t.get(`/api/triage/waiting-room/${id}/history`);
    expect(history.json().transitions.map((h: { action: string; toStatus: string }) => `${h.action}:${h.toStatus}`)).toEqual([
      'create:waiting',
      'start:in-progress',
    ]);
    expect(history.json().transitions[1].actorId).toBe(user.id);
  });

  it('assigns a clinician by member id, or refuses an id that is not a member (404)', async () => {
    const id = await checkIn();
    const doctorMember = await memberIdOf(t.database.db, 'default-clinic', 'doctor@demo.clinic');
    const res = await act(id, 'assign', 'nurse', { clinicianId: doctorMember, clinicianName: undefined });
    expect(res.statusCode).toBe(200);
    expect(res.json().patient).toMatchObject({ assignedClinicianId: doctorMember, assignedClinicianName: 'Daniel Diaz', status: 'waiting' });
    const unknown = await act(id, 'assign', 'nurse', { clinicianId: 'not-a-member', clinicianName: undefined });
    expect(unknown.statusCode).toBe(404);
    const none = await t.post(`/api/triage/waiting-room/${id}/assign`, {});
    expect(none.statusCode).toBe(400);
  });

  it('recording vitals re-scores risk and NEWS2; implausible vitals are a 400 and change nothing', async () => {
    const id = await checkIn({ chiefComplaint: 'Feeling unwell' });
    const res = await t.post(`/api/triage/waiting-room/${id}/vitals`, {
      heartRate: 135,
      bloodPressure: { systolic: 85, diastolic: 50 },
      oxygenSaturation: 89,
      temperature: 103,
      respiratoryRate: 28,
      glasgowComaScale: 14,
      supplementalOxygen: true,
    });
    expect(res.statusCode).toBe(200);
    const patient = res.json().patient;
    expect(patient.news2).toMatchObject({ score: 19, band: 'high', complete: true });
    expect(patient.riskScore).toBe(100);
    expect(patient.urgencyLevel).toBe('emergency');
    const bad = await t.post(`/api/triage/waiting-room/${id}/vitals`, { heartRate: 900 });
    expect(bad.statusCode).toBe(400);
    const [row] = await rows(t.database.db, sql`select vital_signs from queue_entries where id = ${id}`);
    expect(row.vital_signs.heartRate).toBe(135);
  });

  it('the waiting room shows an entry scored as it now stands, after vitals and after any change of its row', async () => {
    const id = await checkIn({ chiefComplaint: 'Feeling unwell' });
    const listed = async () => (await t.get('/api/triage/waiting-room')).json().patients.find((p: { id: string }) => p.id === id);
    expect(await listed()).toMatchObject({ news2: null, riskScore: 0, urgencyLevel: 'low' });
    await t.post(`/api/triage/waiting-room/${id}/vitals`, { heartRate: 135, oxygenSaturation: 89, respiratoryRate: 28 });
    const scored = await listed();
    expect(scored.news2).toMatchObject({ score: 9, band: 'high' });
    expect(scored.riskScore).toBeGreaterThan(0);
    await rows(t.database.db, sql`update queue_entries set vital_signs = null, chief_complaint = 'chest pain' where id = ${id}`);
    expect(await listed()).toMatchObject({ news2: null, riskScore: 50, chiefComplaint: 'chest pain' });
  });

  it('the public board shows queue numbers, initials, urgency, waits and status, never a name or phone', async () => {
    await checkIn({ firstName: 'Zebedee', lastName: 'Quixote', phoneNumber: '555-867-5309', email: 'zq@example.org', dateOfBirth: '1980-01-02' });
    const res = await t.app.inject({ method: 'GET', url: '/api/triage/cds-queue/public?organizationId=default-clinic&clinicId=default-clinic' });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    for (const secret of ['Zebedee', 'Quixote', '867', '5309', 'zq@example.org', '1980-01-02', 'Headache']) {
      expect(text).not.toContain(secret);
    }
    const line = res.json().patients.find((p: { initials: string }) => p.initials === 'Z.Q.');
    expect(Object.keys(line).sort()).toEqual(['initials', 'queueNumber', 'status', 'urgencyLevel', 'waitTime']);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/triage/cds-queue/public?organizationId=nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses the signed out (401) and members without canManageQueue (403)', async () => {
    const id = await checkIn();
    const viewer = await signInAs(t.app, 'viewer@demo.clinic');
    const calls = [
      { method: 'GET' as const, url: '/api/triage/waiting-room' },
      { method: 'GET' as const, url: '/api/triage/waiting-room/stats' },
      { method: 'GET' as const, url: `/api/triage/waiting-room/${id}/history` },
      ...QUEUE_ACTIONS.map((a) => ({ method: 'POST' as const, url: `/api/triage/waiting-room/${id}/${a}`, payload: {} })),
      { method: 'POST' as const, url: `/api/triage/waiting-room/${id}/vitals`, payload: { heartRate: 80 } },
      { method: 'PUT' as const, url: `/api/triage/case/${id}/status`, payload: { status: 'in-progress' } },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, `${call.method} ${call.url} signed out`).toBe(401);
      expect((await t.app.inject({ ...call, headers: viewer })).statusCode, `${call.method} ${call.url} viewer`).toBe(403);
    }
    const [row] = await rows(t.database.db, sql`select status from queue_entries where id = ${id}`);
    expect(row.status).toBe('waiting');
  });

  it("gives 404 for another organization's entry on every action, and never shows it in the list", async () => {
    const other = await createOtherOrganization(t.app, 'queue-owner@other.org');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/triage/case?organizationId=${other.organizationId}`,
      payload: { firstName: 'Secret', lastName: 'Patient', chiefComplaint: 'Cough' },
    });
    const foreign = res.json().case.id;
    for (const action of QUEUE_ACTIONS) {
      expect((await act(foreign, action)).statusCode, action).toBe(404);
    }
    expect((await t.post(`/api/triage/waiting-room/${foreign}/vitals`, { heartRate: 80 })).statusCode).toBe(404);
    expect((await t.put(`/api/triage/case/${foreign}/status`, { status: 'in-progress' })).statusCode).toBe(404);
    expect((await t.get(`/api/triage/waiting-room/${foreign}/history`)).statusCode).toBe(404);
    const list = await t.get('/api/triage/waiting-room');
    expect(list.body).not.toContain('Secret');
    // Selecting the other organization explicitly is refused: the nurse is not a member there.
    const selected = await t.get(`/api/triage/waiting-room?organizationId=${other.organizationId}`);
    expect(selected.statusCode).toBe(403);
    const [row] = await rows(t.database.db, sql`select status from queue_entries where id = ${foreign}`);
    expect(row.status).toBe('waiting');
  });

  it('bad ids and bodies get a clear 4xx', async () => {
    expect((await act("' OR 1=1 --", 'start')).statusCode).toBe(400);
    const id = await checkIn();
    const res = await t.put(`/api/triage/case/${id}/status`, { status: 'teleported' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'validation/invalid' });
  });
});
