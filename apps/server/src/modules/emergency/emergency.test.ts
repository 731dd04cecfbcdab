import { HEALTHY_ADULT_VITALS } from '@clinic/domain/rules/news2.fixtures';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { protocolPayload } from '../../test/conformance.fixtures.js';
import { auditEventsOf, countRows, createOtherOrganization, rows, useTestApp } from '../../test/harness.js';
import { patientPayload } from '../../test/patient-payload.js';
import { kioskCheckIns } from '../../test/kiosk-check-ins.js';

const BASE = '/api/emergency-dashboard';

describe('emergency room', () => {
  const t = useTestApp({ as: 'nurse' });
  const checkIn = kioskCheckIns(t, { firstName: 'Erin', lastName: 'Case', phonePrefix: '555-010-', chiefComplaint: 'Headache' });
  const critical = () => checkIn({ chiefComplaint: 'Crushing chest pain, heart attack feared', symptoms: ['chest pain'], age: 80 });
  const vitals = async (id: string, body: Record<string, unknown>) => {
    const res = await t.post(`/api/triage/waiting-room/${id}/vitals`, body);
    expect(res.statusCode).toBe(200);
  };
  const alertsOf = (entryId: string, cause: string) =>
    rows<{ id: string; status: string; severity: string; type: string }>(
      t.database.db,
      sql`select id, status, severity, type from emergency_alerts where queue_entry_id = ${entryId} and cause = ${cause} order by created_at`,
    );
  const assessmentsOf = (entryId: string) =>
    rows<{ assessment_type: string; risk_score: number; risk_level: string; assessed_by: string | null }>(
      t.database.db,
      sql`select assessment_type, risk_score, risk_level, assessed_by from emergency_risk_assessments where queue_entry_id = ${entryId} order by created_at`,
    );

  it('raises HIGH_RISK once when a kiosk entry scores above 80, and again only after it is resolved and a later scoring meets it', async () => {
    const id = await critical();
    let alerts = await alertsOf(id, 'HIGH_RISK');
    expect(alerts).toEqual([expect.objectContaining({ status: 'ACTIVE', severity: 'CRITICAL', type: 'HIGH_RISK' })]);
    expect(await assessmentsOf(id)).toEqual([{ assessment_type: 'KIOSK', risk_score: 100, risk_level: 'CRITICAL', assessed_by: null }]);

    // Re-scores while ACTIVE, then while ACKNOWLEDGED: no new alert, but every scoring is kept.
    await vitals(id, HEALTHY_ADULT_VITALS);
    expect(await alertsOf(id, 'HIGH_RISK')).toHaveLength(1);
    expect((await t.post(`${BASE}/alerts/${alerts[0].id}/acknowledge`, {})).statusCode).toBe(200);
    await vitals(id, HEALTHY_ADULT_VITALS);
    expect(await alertsOf(id, 'HIGH_RISK')).toHaveLength(1);

    // Resolving raises nothing by itself; the next scoring that meets the cause does.
    expect((await t.post(`${BASE}/alerts/${alerts[0].id}/resolve`, { note: 'Seen by Dr. Diaz' })).statusCode).toBe(200);
    expect((await alertsOf(id, 'HIGH_RISK')).map((a) => a.status)).toEqual(['RESOLVED']);
    await vitals(id, HEALTHY_ADULT_VITALS);
    alerts = await alertsOf(id, 'HIGH_RISK');
    expect(alerts.map((a) => a.status)).toEqual(['RESOLVED', 'ACTIVE']);

    const types = (await assessmentsOf(id)).map((a) => a.assessment_type);
    expect(types).toEqual(['KIOSK', 'VITALS', 'VITALS', 'VITALS']);
    const raised = (await auditEventsOf(t.database.db, 'emergency.alert-raised')).filter((a) => a.details?.queueEntryId === id);
    expect(raised).toHaveLength(2);
    expect(raised[0].actor_user_id).toBeNull();
  });

  it('raises no alert for a low-risk check-in, nor for NEWS2 6 without a single 3', async () => {
    const id = await checkIn();
    expect(await countRows(t.database.db, 'emergency_alerts', sql`queue_entry_id = ${id}`)).toBe(0);
    // Pulse 111 (2), respiratory rate 21 (2), SpO2 94 (1), systolic 101 (1): NEWS2 6.
    await vitals(id, {
      heartRate: 111,
      respiratoryRate: 21,
      oxygenSaturation: 94,
      bloodPressure: { systolic: 101, diastolic: 70 },
      temperature: 98.6,
    });
    expect(await countRows(t.database.db, 'emergency_alerts', sql`queue_entry_id = ${id}`)).toBe(0);
  });

  it('raises VITALS (CRITICAL) when recorded vital signs total NEWS2 7, once', async () => {
    const id = await checkIn();
    const seven = { heartRate: 111, respiratoryRate: 21, oxygenSaturation: 93, bloodPressure: { systolic: 101, diastolic: 70 }, temperature: 98.6 };
    await vitals(id, seven);
    expect(await alertsOf(id, 'VITALS')).toEqual([expect.objectContaining({ status: 'ACTIVE', severity: 'CRITICAL' })]);
    expect(await alertsOf(id, 'HIGH_RISK')).toEqual([]);
    await vitals(id, seven);
    expect(await alertsOf(id, 'VITALS')).toHaveLength(1);
    const [a] = await assessmentsOf(id).then((r) => r.filter((x) => x.assessment_type === 'VITALS'));
    expect(a.assessed_by).not.toBeNull();
  });

  it('raises VITALS (HIGH) when a single parameter scores 3', async () => {
    const id = await checkIn();
    await vitals(id, { ...HEALTHY_ADULT_VITALS, glasgowComaScale: 14 });
    expect(await alertsOf(id, 'VITALS')).toEqual([expect.objectContaining({ status: 'ACTIVE', severity: 'HIGH' })]);
  });

  it('acknowledges and resolves with who, when and the note, and answers 409 to an impossible transition', async () => {
    const res = await t.post(`${BASE}/alerts`, { type: 'SAFETY', severity: 'MEDIUM', message: 'Aggressive visitor in bay 3', location: 'Bay 3' });
    expect(res.statusCode).toBe(201);
    const alert = res.json().alert;
    expect(alert).toMatchObject({ status: 'ACTIVE', priority: 3, raisedBy: 'Nora Nguyen', location: 'Bay 3' });

    const ack = await t.post(`${BASE}/alerts/${alert.id}/acknowledge`, { note: 'Security called' });
    expect(ack.statusCode).toBe(200);
    expect(ack.json().alert).toMatchObject({ status: 'ACKNOWLEDGED', acknowledgedBy: 'Nora Nguyen', acknowledgeNote: 'Security called' });
    expect(ack.json().alert.acknowledgedAt).toEqual(expect.any(String));

    const again = await t.post(`${BASE}/alerts/${alert.id}/acknowledge`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Cannot acknowledge an alert that is ACKNOWLEDGED');

    const resolved = await t.as('doctor').post(`${BASE}/alerts/${alert.id}/resolve`, { note: 'Visitor left' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().alert).toMatchObject({ status: 'RESOLVED', resolvedBy: 'Daniel Diaz', resolutionNote: 'Visitor left' });
    expect((await t.post(`${BASE}/alerts/${alert.id}/resolve`, {})).statusCode).toBe(409);
    expect((await t.post(`${BASE}/alerts/${alert.id}/acknowledge`, {})).statusCode).toBe(409);

    const audits = (await auditEventsOf(t.database.db, 'emergency.alert-resolved')).filter((a) => a.entity_id === alert.id);
    expect(audits).toHaveLength(1);
    expect(audits[0].details).toMatchObject({ from: 'ACKNOWLEDGED', to: 'RESOLVED', note: 'Visitor left' });
  });

  it("refuses a manual alert about another organization's patient (404), and bad input (400) with nothing written", async () => {
    const other = await createOtherOrganization(t.app, 'owner@er-other.example');
    const p = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: other.headers,
      payload: patientPayload({ firstName: 'Far', lastName: 'Away', email: 'far@away.example' }),
    });
    expect(p.statusCode).toBe(201);
    const before = await countRows(t.database.db, 'emergency_alerts');
    const res = await t.post(`${BASE}/alerts`, { type: 'MANUAL', severity: 'LOW', message: 'x', patientId: p.json().patient.id });
    expect(res.statusCode).toBe(404);
    for (const body of [
      { type: 'NOPE', severity: 'LOW', message: 'x' },
      { type: 'MANUAL', severity: 'LOW', message: '' },
      { type: 'MANUAL', severity: 'LOW', message: 'x', priority: 9 },
    ]) {
      expect((await t.post(`${BASE}/alerts`, body)).statusCode).toBe(400);
    }
    expect(await countRows(t.database.db, 'emergency_alerts')).toBe(before);

    // The other organization's owner sees none of this organization's alerts, and cannot act on them.
    const mine = (await t.get(`${BASE}/alerts`)).json().alerts;
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await t.app.inject({ method: 'GET', url: `${BASE}/alerts`, headers: other.headers });
    expect(theirs.json().alerts).toEqual([]);
    const act = await t.app.inject({ method: 'POST', url: `${BASE}/alerts/${mine[0].id}/resolve`, headers: other.headers, payload: {} });
    expect(act.statusCode).toBe(404);
  });

  it('is refused signed out (401) and without the emergency-room permission (403)', async () => {
    expect((await t.anon.get(`${BASE}/dashboard`)).statusCode).toBe(401);
    for (const who of ['staff', 'viewer'] as const) {
      expect((await t.as(who).get(`${BASE}/dashboard`)).statusCode).toBe(403);
      expect((await t.as(who).post(`${BASE}/alerts`, { type: 'MANUAL', severity: 'LOW', message: 'x' })).statusCode).toBe(403);
    }
  });

  describe('the board', () => {
    let entryId: string;
    let childId: string;
    beforeAll(async () => {
      entryId = await critical();
      await vitals(entryId, {
        heartRate: 125,
        bloodPressure: { systolic: 92, diastolic: 60 },
        oxygenSaturation: 91,
        respiratoryRate: 26,
        temperature: 101.2,
      });
      await vitals(entryId, {
        heartRate: 118,
        bloodPressure: { systolic: 98, diastolic: 62 },
        oxygenSaturation: 93,
        respiratoryRate: 24,
        temperature: 100.8,
      });
      childId = await checkIn({ firstName: 'Kid', chiefComplaint: 'Ear pain and fever', symptoms: ['fever'], age: 7 });
    });

    it('returns the Overview and the small sections in one call, the record tabs by their own reloads', async () => {
      const res = await t.get(`${BASE}/dashboard`);
      expect(res.statusCode).toBe(200);
      const { success, data } = res.json();
      expect(success).toBe(true);
      expect(Object.keys(data).sort()).toEqual(
        ['alerts', 'facility', 'highRiskPatients', 'integrations', 'massCasualtyEvents', 'metrics', 'pediatricPatients', 'protocols'].sort(),
      );
      expect(data.facility).toMatchObject({ id: 'default-clinic', name: 'Demo General Hospital Main Clinic', level: null, facilityId: null });

      const patient = data.highRiskPatients.find((p: { id: string }) => p.id === entryId);
      expect(patient).toMatchObject({ riskScore: 100, riskLevel: 'CRITICAL', predictedOutcome: 'critical', location: 'Waiting room' });
      expect(patient.timeToTreatment).toBeLessThanOrEqual(0);
      expect(patient.vitalSigns).toMatchObject({ heartRate: 118, bloodPressure: { systolic: 98, diastolic: 62 } });
      expect(data.highRiskPatients.find((p: { id: string }) => p.id === childId)).toBeUndefined();
      expect(data.pediatricPatients.find((p: { id: string }) => p.id === childId)).toMatchObject({ age: 7, parentPresent: null, weight: null });
      expect(data.integrations.map((i: { status: string }) => i.status)).toEqual(['DISCONNECTED', 'DISCONNECTED', 'DISCONNECTED', 'DISCONNECTED']);

      const reads = await auditEventsOf(t.database.db, 'emergency.read');
      expect(reads.at(-1)?.details).toMatchObject({ section: 'dashboard' });
      expect(reads.at(-1)?.details?.entries).toContain(entryId);

      const { vitals } = (await t.get(`${BASE}/vitals`)).json();
      const records = vitals.filter((v: { queueEntryId: string }) => v.queueEntryId === entryId);
      expect(records).toHaveLength(2);
      expect(records[0]).toMatchObject({ heartRate: 118, respiratoryRate: 24, trends: { heartRate: [125, 118], oxygenSaturation: [91, 93] } });
      expect(records[1].trends.heartRate).toEqual([125]);

      const { assessments } = (await t.get(`${BASE}/risk-assessments`)).json();
      const scored = assessments.filter((a: { queueEntryId: string }) => a.queueEntryId === entryId);
      expect(scored.map((a: { assessmentType: string }) => a.assessmentType)).toEqual(['VITALS', 'VITALS', 'KIOSK']);
      expect(scored[0].assessedBy).toBe('Nora Nguyen');
      expect(scored[2].assessedBy).toBe('Kiosk');
      expect(scored[0].riskFactors.length).toBeGreaterThan(0);
    });

    it('answers each section reload with the field the spec reads', async () => {
      const fields = {
        '/alerts': 'alerts',
        '/patients/high-risk': 'patients',
        '/protocols': 'protocols',
        '/vitals': 'vitals',
        '/risk-assessments': 'assessments',
        '/pediatric': 'patients',
        '/mass-casualty': 'events',
        '/metrics': 'metrics',
        '/integrations': 'integrations',
      };
      for (const [path, field] of Object.entries(fields)) {
        const res = await t.get(`${BASE}${path}`);
        expect(res.statusCode, path).toBe(200);
        expect(res.json().success).toBe(true);
        expect(res.json()[field], path).toBeDefined();
      }
    });

    it('records whether a parent is present and the weight', async () => {
      const res = await t.put(`${BASE}/patients/${childId}/details`, { parentPresent: true, weight: 24.5 });
      expect(res.statusCode).toBe(200);
      const kids = (await t.get(`${BASE}/pediatric`)).json().patients;
      expect(kids.find((p: { id: string }) => p.id === childId)).toMatchObject({
        parentPresent: true,
        weight: 24.5,
        pediatricScore: expect.any(Number),
      });
    });

    it('lets Admins add and edit protocols (409 on a duplicate name) and links an alert whose cause matches one', async () => {
      expect((await t.post(`${BASE}/protocols`, protocolPayload())).statusCode).toBe(403);
      const admin = t.as('admin');
      const res = await admin.post(
        `${BASE}/protocols`,
        protocolPayload({
          name: 'Chest pain pathway',
          category: 'CARDIAC',
          keywords: ['chest pain'],
          requiredResources: ['ECG', 'Cardiology'],
          steps: [
            { description: '12-lead ECG within 10 minutes', duration: 600, critical: true, requiredEquipment: ['ECG machine'] },
            { description: 'Aspirin 300 mg unless contraindicated', duration: 120 },
          ],
        }),
      );
      expect(res.statusCode).toBe(201);
      const protocol = res.json().protocol;
      expect(protocol.steps.map((s: { stepNumber: number; critical: boolean }) => [s.stepNumber, s.critical])).toEqual([
        [1, true],
        [2, false],
      ]);
      expect((await admin.post(`${BASE}/protocols`, protocolPayload({ name: 'Chest pain pathway' }))).statusCode).toBe(409);

      const put = await admin.put(`${BASE}/protocols/${protocol.id}`, {
        ...protocolPayload({ name: 'Chest pain pathway', category: 'CARDIAC', keywords: ['chest pain'] }),
        steps: [{ description: 'ECG', duration: 300, critical: true }],
      });
      expect(put.statusCode).toBe(200);
      expect(put.json().protocol.steps).toHaveLength(1);
      expect(await countRows(t.database.db, 'emergency_protocol_steps', sql`protocol_id = ${protocol.id}`)).toBe(1);

      const alerts = (await t.get(`${BASE}/alerts`)).json().alerts;
      const linked = alerts.find((a: { queueEntryId: string; type: string }) => a.queueEntryId === entryId && a.type === 'HIGH_RISK');
      expect(linked).toMatchObject({ protocolId: protocol.id, protocolName: 'Chest pain pathway' });
    });

    it('declares a mass-casualty event (raising its alert), counts the START colours and closes it', async () => {
      const declared = await t.post(`${BASE}/mass-casualty`, {
        eventType: 'TRANSPORT_ACCIDENT',
        severity: 'CRITICAL',
        expectedArrivals: 12,
        resourcesNeeded: ['Trauma bays', 'Blood bank'],
        timestamp: new Date(Date.now() - 15 * 60_000).toISOString(),
      });
      expect(declared.statusCode).toBe(201);
      const event = declared.json().event;
      expect(event).toMatchObject({
        status: 'ACTIVE',
        patientCount: 0,
        triageStatus: null,
        triageCounts: { RED: 0, YELLOW: 0, GREEN: 0, BLACK: 0 },
      });
      expect(await countRows(t.database.db, 'emergency_alerts', sql`mass_casualty_event_id = ${event.id} and type = 'MASS_CASUALTY'`)).toBe(1);

      const created = await t.post(
        '/api/patients',
        patientPayload({ firstName: 'Tagged', lastName: 'Walker', email: 'tagged.walker@example.com' }),
      );
      expect(created.statusCode).toBe(201);
      const p = created.json().patient;
      const second = await checkIn({ firstName: 'Green' });
      const tag = (body: Record<string, unknown>) => t.post(`${BASE}/mass-casualty/${event.id}/patients`, body);
      expect((await tag({ queueEntryId: entryId, triageColor: 'RED' })).statusCode).toBe(200);
      expect((await tag({ queueEntryId: second, triageColor: 'GREEN' })).statusCode).toBe(200);
      expect((await tag({ patientId: p.id, triageColor: 'YELLOW' })).statusCode).toBe(200);
      const retagged = await tag({ queueEntryId: second, triageColor: 'BLACK' });
      expect(retagged.json().event).toMatchObject({
        patientCount: 3,
        triageCounts: { RED: 1, YELLOW: 1, GREEN: 0, BLACK: 1 },
        triageStatus: 'RED',
      });
      expect((await tag({ queueEntryId: 'no-such-entry', triageColor: 'RED' })).statusCode).toBe(404);
      expect((await tag({ triageColor: 'RED' })).statusCode).toBe(400);
      expect((await tag({ queueEntryId: second, triageColor: 'PURPLE' })).statusCode).toBe(400);

      const closed = await t.patch(`${BASE}/mass-casualty/${event.id}`, { status: 'CLOSED', expectedArrivals: 14 });
      expect(closed.statusCode).toBe(200);
      expect(closed.json().event).toMatchObject({ status: 'CLOSED', expectedArrivals: 14 });
      expect(closed.json().event.closedAt).toEqual(expect.any(String));
      const audit = (await auditEventsOf(t.database.db, 'emergency.mass-casualty-closed')).filter((a) => a.entity_id === event.id);
      expect(audit).toHaveLength(1);
      const listed = (await t.get(`${BASE}/mass-casualty`)).json().events.find((e: { id: string }) => e.id === event.id);
      expect(listed.patients.map((x: { patientName: string }) => x.patientName)).toEqual([
        expect.stringMatching(/^Erin Case/),
        'Tagged Walker',
        `Green Case${checkIn.made}`,
      ]);
    });

    it("names today's scorings by their patient, and still once the entry has closed", async () => {
      const childScorings = async () =>
        (await t.get(`${BASE}/risk-assessments`)).json().assessments.filter((a: { queueEntryId: string }) => a.queueEntryId === childId);
      const [open] = await childScorings();
      expect(open).toMatchObject({ patientName: expect.stringMatching(/^Kid Case\d*$/), assessmentType: 'KIOSK', assessedBy: 'Kiosk' });
      expect(open.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect((await t.post(`/api/triage/waiting-room/${childId}/cancel`, {})).statusCode).toBe(200);
      expect(await childScorings()).toEqual([open]);
    });

    it("lets an Admin set the clinic's emergency level, facility id and bed count", async () => {
      expect((await t.put(`${BASE}/facility`, { level: 'Level II Trauma Center' })).statusCode).toBe(403);
      const res = await t.as('admin').put(`${BASE}/facility`, { level: 'Level II Trauma Center', facilityId: 'ER-001', bedCount: 12 });
      expect(res.statusCode).toBe(200);
      expect(res.json().facility).toMatchObject({ level: 'Level II Trauma Center', facilityId: 'ER-001', bedCount: 12 });
      expect((await t.get(`${BASE}/dashboard`)).json().data.facility.level).toBe('Level II Trauma Center');
    });
  });
});
