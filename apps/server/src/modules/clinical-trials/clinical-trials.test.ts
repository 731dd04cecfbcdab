import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate, DEFAULT_TIME_ZONE, TRIAL_REPORT_IDS } from '@clinic/domain';
import { auditEventsOf, countRows, createOtherOrganization, freshAddress, rows, useTestApp } from '../../test/harness.js';
import { birthDateYearsAgo, intakePayload, trialPayload, trialWithEnrollment } from '../../test/clinical-trials.fixtures.js';

/** The clinical trials API: trials, enrolments with visit schedules, adverse events and reports. */
const t = useTestApp({ as: 'doctor' });
let other: Awaited<ReturnType<typeof createOtherOrganization>>;
let otherTrial: Awaited<ReturnType<typeof trialWithEnrollment>>;

beforeAll(async () => {
  other = await createOtherOrganization(t.app, 'trials-owner@other.example');
  otherTrial = await trialWithEnrollment(t.app, other, { lastName: 'Elsewhere' });
});

/** A child of the demo clinic, created through the intake, `years` old. */
async function child(lastName: string, years = 8) {
  const res = await t.anon.post('/api/patients/pediatric', intakePayload({ lastName, dateOfBirth: birthDateYearsAgo(years) }), {
    remoteAddress: freshAddress(),
  });
  return res.json().patientId as string;
}

describe('trials', () => {
  it('creates, lists, reads and edits a trial with its enrolment percent', async () => {
    const created = await t.post('/api/clinical-trials', trialPayload({ title: 'Percent Study', targetEnrollment: 3 }));
    expect(created.statusCode).toBe(201);
    const trial = created.json().trial;
    expect(trial).toMatchObject({
      title: 'Percent Study',
      currentEnrollment: 0,
      enrollmentPercent: 0,
      ageRange: { min: 2, max: 17, unit: 'years' },
    });
    await t.post(`/api/clinical-trials/${trial.id}/enroll`, { patientId: await child('Percent') });
    const list = await t.get('/api/clinical-trials');
    expect(list.statusCode).toBe(200);
    expect(list.json().trials.find((x: { id: string }) => x.id === trial.id)).toMatchObject({ currentEnrollment: 1, enrollmentPercent: 33 });
    expect(JSON.stringify(list.json())).not.toContain(otherTrial.trialId);
    const edited = await t.put(
      `/api/clinical-trials/${trial.id}`,
      trialPayload({ title: 'Percent Study II', targetEnrollment: 3, status: 'Active' }),
    );
    expect(edited.json().trial).toMatchObject({ title: 'Percent Study II', status: 'Active', currentEnrollment: 1 });
    expect((await auditEventsOf(t.database.db, 'trial.updated')).some((a) => a.entity_id === trial.id)).toBe(true);
  });

  it('refuses an age range whose minimum is above its maximum', async () => {
    const res = await t.post('/api/clinical-trials', trialPayload({ ageRange: { min: 10, max: 2, unit: 'years' } }));
    expect(res.statusCode).toBe(400);
  });

  it('gives an anonymous caller only id, title, status and age range of a recruiting trial', async () => {
    const trial = (await t.post('/api/clinical-trials', trialPayload({ title: 'Public Study', sponsor: 'Secret Sponsor' }))).json().trial;
    const res = await t.anon.get(`/api/clinical-trials/${trial.id}`, { remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(200);
    expect(res.json().trial).toEqual({ id: trial.id, title: 'Public Study', status: 'Recruiting', ageRange: { min: 2, max: 17, unit: 'years' } });
    // A signed-in browser asks for the public view explicitly (the intake page).
    expect(Object.keys((await t.get(`/api/clinical-trials/${trial.id}?view=public`)).json().trial).sort()).toEqual([
      'ageRange',
      'id',
      'status',
      'title',
    ]);
    expect((await t.get(`/api/clinical-trials/${trial.id}`)).json().trial.sponsor).toBe('Secret Sponsor');
    const closed = (await t.post('/api/clinical-trials', trialPayload({ status: 'Completed' }))).json().trial;
    expect((await t.anon.get(`/api/clinical-trials/${closed.id}`, { remoteAddress: freshAddress() })).statusCode).toBe(404);
  });

  it("answers 404 to another organization's trial id, signed in or not", async () => {
    expect((await t.get(`/api/clinical-trials/${otherTrial.trialId}`)).statusCode).toBe(404);
    const anon = await t.anon.get(`/api/clinical-trials/${otherTrial.trialId}?organizationId=default-clinic`, { remoteAddress: freshAddress() });
    expect(anon.statusCode).toBe(404);
    expect(anon.body).not.toContain('Probe');
    expect((await t.get(`/api/clinical-trials/${otherTrial.trialId}/enrollments`)).statusCode).toBe(404);
  });
});

describe('enrolment', () => {
  it('admits ages at both ends of the range and refuses outside it, each with its code', async () => {
    const trial = (await t.post('/api/clinical-trials', trialPayload({ ageRange: { min: 6, max: 10, unit: 'years' } }))).json().trial;
    const enroll = (patientId: string) => t.post(`/api/clinical-trials/${trial.id}/enroll`, { patientId });
    expect((await enroll(await child('Young', 5))).json().code).toBe('trials/age-out-of-range');
    expect((await enroll(await child('Old', 11))).json().code).toBe('trials/age-out-of-range');
    expect((await enroll(await child('Sixer', 6))).statusCode).toBe(201);
    const ten = await child('Tenner', 10);
    expect((await enroll(ten)).statusCode).toBe(201);
    const again = await enroll(ten);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('trials/already-enrolled');
  });

  it('refuses an enrolment past the target', async () => {
    const trial = (await t.post('/api/clinical-trials', trialPayload({ targetEnrollment: 1 }))).json().trial;
    expect((await t.post(`/api/clinical-trials/${trial.id}/enroll`, { patientId: await child('Firstin') })).statusCode).toBe(201);
    const full = await t.post(`/api/clinical-trials/${trial.id}/enroll`, { patientId: await child('Secondin') });
    expect(full.json().code).toBe('trials/enrollment-full');
  });

  it('records a visit, computes compliance and withdraws, counting the trial down', async () => {
    const trial = (await t.post('/api/clinical-trials', trialPayload())).json().trial;
    const enrolment = (
      await t.post(`/api/clinical-trials/${trial.id}/enroll`, { patientId: await child('Visited'), screeningNumber: 'SCR-V' })
    ).json().enrollment;
    // The screening visit is due today, not yet done.
    expect(enrolment.compliance).toBe(0);
    const done = await t.post(`/api/clinical-trials/enrollments/${enrolment.id}/visits/1/complete`, {});
    expect(done.statusCode).toBe(200);
    expect(done.json().enrollment.compliance).toBe(100);
    expect(done.json().enrollment.visitSchedule[0]).toMatchObject({ status: 'Completed', completedDate: localDate(DEFAULT_TIME_ZONE) });
    const future = addDays(localDate(DEFAULT_TIME_ZONE), 2);
    expect((await t.post(`/api/clinical-trials/enrollments/${enrolment.id}/visits/2/complete`, { completedDate: future })).statusCode).toBe(400);
    const withdrawn = await t.post(`/api/clinical-trials/enrollments/${enrolment.id}/withdraw`, { reason: 'Family moved away' });
    expect(withdrawn.json().enrollment).toMatchObject({ status: 'Withdrawn', withdrawalReason: 'Family moved away' });
    expect((await t.get(`/api/clinical-trials/${trial.id}`)).json().trial.currentEnrollment).toBe(0);
    expect((await t.post(`/api/clinical-trials/enrollments/${enrolment.id}/withdraw`, { reason: 'Again' })).statusCode).toBe(409);
  });
});

describe('adverse events and reports', () => {
  let trialId: string;
  let patientId: string;
  beforeAll(async () => {
    trialId = (await t.post('/api/clinical-trials', trialPayload({ title: 'Safety Study' }))).json().trial.id;
    patientId = await child('Safety');
    await t.post(`/api/clinical-trials/${trialId}/enroll`, { patientId, screeningNumber: 'SCR-SAFE', randomizationGroup: 'Arm A' });
  });
  const event = (over: Record<string, unknown> = {}) => ({
    patientId,
    eventType: 'Anaphylaxis',
    severity: 'Life-threatening',
    relatedness: 'Probable',
    description: 'Anaphylactic reaction after dose 3',
    date: '2026-11-20',
    ...over,
  });

  it('gives a serious event its reporting due date and raises the safety alert; a mild one neither', async () => {
    const serious = await t.post(`/api/clinical-trials/${trialId}/adverse-events`, event());
    expect(serious.statusCode).toBe(201);
    expect(serious.json().adverseEvent).toMatchObject({
      serious: true,
      reportingDueDate: '2026-11-27',
      resolved: false,
      patientName: 'Milo Safety',
    });
    const severe = await t.post(`/api/clinical-trials/${trialId}/adverse-events`, event({ severity: 'Severe', eventType: 'Asthma attack' }));
    expect(severe.json().adverseEvent.reportingDueDate).toBe('2026-12-05');
    const mild = await t.post(`/api/clinical-trials/${trialId}/adverse-events`, event({ severity: 'Mild', eventType: 'Headache' }));
    expect(mild.json().adverseEvent).toMatchObject({ serious: false, reportingDueDate: null });
    const alerts = await auditEventsOf(t.database.db, 'trial.safety-alert-raised');
    expect(alerts.map((a) => a.entity_id)).toEqual(expect.arrayContaining([serious.json().adverseEvent.id, severe.json().adverseEvent.id]));
    expect(alerts.map((a) => a.entity_id)).not.toContain(mild.json().adverseEvent.id);
    expect((await t.get(`/api/clinical-trials/${trialId}`)).json().trial.openSeriousEvents).toBe(2);
    const resolved = await t.post(`/api/clinical-trials/adverse-events/${severe.json().adverseEvent.id}/resolve`, {
      actionTaken: 'Nebulised salbutamol',
    });
    expect(resolved.json().adverseEvent).toMatchObject({ resolved: true, actionTaken: 'Nebulised salbutamol' });
    expect((await t.get(`/api/clinical-trials/${trialId}/adverse-events`)).json().adverseEvents).toHaveLength(3);
    expect((await t.get('/api/clinical-trials/adverse-events?limit=5')).json().adverseEvents.length).toBeLessThanOrEqual(5);
  });

  it('refuses an event of a patient not enrolled in the trial', async () => {
    const res = await t.post(`/api/clinical-trials/${trialId}/adverse-events`, event({ patientId: await child('Notenrolled') }));
    expect(res.statusCode).toBe(400);
  });

  it('builds each of the seven reports from the database as CSV and HTML, stamped and audited', async () => {
    const csv = await t.get(`/api/clinical-trials/${trialId}/reports/safety?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body).toContain('Safety Report');
    expect(csv.body).toContain('Anaphylactic reaction after dose 3');
    expect(csv.body).toContain('Generated by');
    const html = await t.get(`/api/clinical-trials/${trialId}/reports/fda-safety?format=html`);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('SCR-SAFE');
    expect(html.body).not.toContain('Milo Safety');
    for (const report of TRIAL_REPORT_IDS) {
      const res = await t.get(`/api/clinical-trials/${trialId}/reports/${report}`);
      expect(res.statusCode, report).toBe(200);
      expect(res.body.length).toBeGreaterThan(50);
    }
    expect((await t.get(`/api/clinical-trials/${trialId}/reports/unknown`)).statusCode).toBe(400);
    const audits = await rows(
      t.database.db,
      sql`select details from audit_events where action = 'trial.report-generated' and entity_id = ${trialId}`,
    );
    expect(audits.length).toBeGreaterThanOrEqual(9);
  });

  it('keeps trial data to its organization: no other organization row is visible', async () => {
    expect(await countRows(t.database.db, 'clinical_trials', sql`organization_id = ${other.organizationId}`)).toBe(1);
    const own = await t.post(`/api/clinical-trials/${trialId}/adverse-events`, event({ severity: 'Mild', eventType: 'Nausea' }));
    expect(own.statusCode).toBe(201);
    const list = await t.get(`/api/clinical-trials/adverse-events`);
    const ids = list.json().adverseEvents.map((e: { id: string }) => e.id);
    const trialIds = list.json().adverseEvents.map((e: { trialId: string }) => e.trialId);
    // The list holds the demo clinic's own event, and never the other organization's (its trial has one too).
    expect(ids).toContain(own.json().adverseEvent.id);
    expect(trialIds).not.toContain(otherTrial.trialId);
  });
});
