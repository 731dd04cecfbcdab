import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEventsOf, countRows, freshAddress, rows, useTestApp } from '../../test/harness.js';
import { birthDateYearsAgo, intakePayload, trialPayload } from '../../test/clinical-trials.fixtures.js';

/**
 * The public pediatric intake: the submit creates the patient and the intake record in
 * one transaction and answers a token; the enrol and queue calls of an anonymous intake are
 * authorised by that token, each once, for that chart (and the trial its intake named) only.
 */
const t = useTestApp({ as: 'doctor' });
let recruiting: string;
let active: string;

const submit = (payload: object, headers: Record<string, string> = {}, remoteAddress = freshAddress()) =>
  t.anon.post('/api/patients/pediatric', payload, { headers, remoteAddress });
const enroll = (trialId: string, payload: object, token?: string) =>
  t.anon.post(`/api/clinical-trials/${trialId}/enroll`, payload, {
    headers: token ? { 'x-intake-token': token } : {},
    remoteAddress: freshAddress(),
  });
const queue = (patientId: string, token?: string) =>
  t.anon.post(
    `/api/patients/pediatric/${patientId}/queue`,
    { departmentId: 'pediatric-general', priority: 'routine', estimatedWaitTime: 30 },
    { headers: token ? { 'x-intake-token': token } : {}, remoteAddress: freshAddress() },
  );
const named = (table: string, lastName: string) => countRows(t.database.db, table, sql`last_name = ${lastName}`);

beforeAll(async () => {
  recruiting = (await t.post('/api/clinical-trials', trialPayload({ title: 'Intake Recruiting Study' }))).json().trial.id;
  active = (await t.post('/api/clinical-trials', trialPayload({ title: 'Intake Active Study', status: 'Active' }))).json().trial.id;
});

describe('POST /api/patients/pediatric, then enroll and queue with the intake token', () => {
  it('creates exactly one patient, one intake record, one enrolment and one queue entry', async () => {
    const res = await submit(intakePayload({ lastName: 'Onlyone', trialId: recruiting, consentStatus: 'provided', screeningNumber: 'SCR-100' }));
    expect(res.statusCode).toBe(201);
    const { patientId, intakeToken, intakeId } = res.json();
    expect(res.json()).toMatchObject({ success: true, patientId: expect.any(String), intakeToken: expect.any(String) });
    expect(await named('patients', 'Onlyone')).toBe(1);
    expect(await countRows(t.database.db, 'pediatric_intakes', sql`patient_id = ${patientId}`)).toBe(1);
    const [record] = await rows(t.database.db, sql`select record, consent_status, trial_id from pediatric_intakes where id = ${intakeId}`);
    expect(record).toMatchObject({ consent_status: 'provided', trial_id: recruiting });
    expect(record.record).toMatchObject({ chronicConditions: ['asthma'], guardian1: { relationship: 'parent' }, race: 'asian' });
    // Only a hash of the token is kept.
    expect(JSON.stringify(await rows(t.database.db, sql`select * from intake_tokens`))).not.toContain(intakeToken);

    const enrolled = await enroll(recruiting, { patientId, screeningNumber: 'SCR-100' }, intakeToken);
    expect(enrolled.statusCode).toBe(201);
    expect(enrolled.json().enrollment).toMatchObject({ patientId, screeningNumber: 'SCR-100', status: 'Active' });
    expect(enrolled.json().enrollment.visitSchedule).toHaveLength(5);
    const queued = await queue(patientId, intakeToken);
    expect(queued.statusCode).toBe(201);
    const { queueId } = queued.json();

    expect(await countRows(t.database.db, 'trial_enrollments', sql`patient_id = ${patientId}`)).toBe(1);
    expect(await named('queue_entries', 'Onlyone')).toBe(1);
    const [entry] = await rows(t.database.db, sql`select * from queue_entries where id = ${queueId}`);
    expect(entry).toMatchObject({
      patient_id: patientId,
      source: 'intake',
      department: 'pediatric-general',
      requested_priority: 'routine',
      estimated_time: 30,
      status: 'waiting',
      pain_level: 3,
      chief_complaint: 'Wheezing at night',
      age: 8,
    });
    // Scored by the risk rules: a child under 12 and a symptom.
    expect(entry.risk_score).toBeGreaterThan(0);
    const [trial] = await rows(t.database.db, sql`select current_enrollment from clinical_trials where id = ${recruiting}`);
    expect(trial.current_enrollment).toBe(1);
    for (const action of ['patient.created', 'intake.submitted', 'trial.enrolled', 'queue.checked-in']) {
      expect(
        (await auditEventsOf(t.database.db, action)).some((a) => JSON.stringify(a).includes(patientId)),
        action,
      ).toBe(true);
    }
  });

  it("refuses a forged, a reused, a missing and another patient's token with one generic 404, writing nothing", async () => {
    const a = (await submit(intakePayload({ lastName: 'Tokena', trialId: recruiting, consentStatus: 'provided' }))).json();
    const b = (await submit(intakePayload({ lastName: 'Tokenb' }))).json();
    const entries = await countRows(t.database.db, 'queue_entries');
    const enrolments = await countRows(t.database.db, 'trial_enrollments');
    expect((await queue(a.patientId)).statusCode).toBe(404);
    expect((await queue(a.patientId, 'forged-token-forged-token')).statusCode).toBe(404);
    expect((await queue(a.patientId, b.intakeToken)).statusCode).toBe(404);
    expect((await enroll(recruiting, { patientId: a.patientId }, b.intakeToken)).statusCode).toBe(404);
    expect((await enroll(recruiting, { patientId: a.patientId })).json()).toMatchObject({ code: 'not-found', message: 'Not found' });
    expect(await countRows(t.database.db, 'queue_entries')).toBe(entries);
    expect(await countRows(t.database.db, 'trial_enrollments')).toBe(enrolments);

    expect((await enroll(recruiting, { patientId: a.patientId }, a.intakeToken)).statusCode).toBe(201);
    expect((await queue(a.patientId, a.intakeToken)).statusCode).toBe(201);
    // Each use once.
    expect((await queue(a.patientId, a.intakeToken)).statusCode).toBe(404);
    expect((await enroll(recruiting, { patientId: a.patientId }, a.intakeToken)).statusCode).toBe(404);
    expect(await named('queue_entries', 'Tokena')).toBe(1);
  });

  it('refuses an expired token', async () => {
    const a = (await submit(intakePayload({ lastName: 'Expired' }))).json();
    await t.database.db.execute(sql`update intake_tokens set expires_at = now() - interval '1 minute' where patient_id = ${a.patientId}`);
    expect((await queue(a.patientId, a.intakeToken)).statusCode).toBe(404);
  });

  it('a non-recruiting trial refuses the enrolment; the patient stands and may still be queued', async () => {
    const a = (await submit(intakePayload({ lastName: 'Notrecruited', trialId: active, consentStatus: 'provided' }))).json();
    const res = await enroll(active, { patientId: a.patientId }, a.intakeToken);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'trials/not-recruiting', message: 'This trial is not recruiting.' });
    expect(await named('patients', 'Notrecruited')).toBe(1);
    expect((await queue(a.patientId, a.intakeToken)).statusCode).toBe(201);
  });

  it("answers 404 to another organization's trial id, even with a valid token", async () => {
    const a = (await submit(intakePayload({ lastName: 'Wrongorg' }))).json();
    const res = await enroll('no-such-trial', { patientId: a.patientId }, a.intakeToken);
    expect(res.statusCode).toBe(404);
  });

  it('creates one patient for a retried submit with the same Idempotency-Key', async () => {
    const key = crypto.randomUUID();
    const body = intakePayload({ lastName: 'Retried' });
    const first = await submit(body, { 'idempotency-key': key });
    const again = await submit(body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await named('patients', 'Retried')).toBe(1);
    expect(await countRows(t.database.db, 'pediatric_intakes', sql`patient_id = ${first.json().patientId}`)).toBe(1);
  });

  it('refuses an adult, a missing guardian relationship and a trial intake without consent, writing nothing', async () => {
    const before = await named('patients', 'Refused');
    const adult = await submit(intakePayload({ lastName: 'Refused', dateOfBirth: birthDateYearsAgo(18) }));
    expect(adult.statusCode).toBe(400);
    expect(adult.json().message).toBe('The patient must be under 18 years old.');
    const noRelation = await submit(
      intakePayload({ lastName: 'Refused', guardian1: { firstName: 'A', lastName: 'B', relationship: '', phone: '1' } }),
    );
    expect(noRelation.statusCode).toBe(400);
    expect((await submit(intakePayload({ lastName: 'Refused', trialId: recruiting, consentStatus: 'pending' }))).statusCode).toBe(400);
    expect((await submit(intakePayload({ lastName: 'Refused', painLevel: 11 }))).statusCode).toBe(400);
    expect((await submit(intakePayload({ lastName: 'Refused', symptoms: [] }))).statusCode).toBe(400);
    expect(await named('patients', 'Refused')).toBe(before);
  });

  it('lets staff with the patients permission enrol and queue without a token, and refuses a viewer', async () => {
    const a = (await submit(intakePayload({ lastName: 'Staffqueued' }))).json();
    expect((await t.post(`/api/clinical-trials/${recruiting}/enroll`, { patientId: a.patientId, screeningNumber: 'SCR-S' })).statusCode).toBe(201);
    expect((await t.as('viewer').post(`/api/patients/pediatric/${a.patientId}/queue`, {})).statusCode).toBe(403);
    expect((await t.post(`/api/patients/pediatric/${a.patientId}/queue`, {})).statusCode).toBe(201);
  });

  it('refuses to queue an intake whose chart was erased (409), writing nothing', async () => {
    const a = (await submit(intakePayload({ lastName: 'Erasedintake' }))).json();
    expect((await t.as('admin').post('/api/gdpr/erase', { patientId: a.patientId, reason: 'Parent asked' })).statusCode).toBeLessThan(300);
    const res = await t.post(`/api/patients/pediatric/${a.patientId}/queue`, {});
    expect(res.statusCode).toBe(409);
    expect(await countRows(t.database.db, 'queue_entries', sql`patient_id = ${a.patientId}`)).toBe(0);
  });

  it('limits submissions per address: 30 a minute', async () => {
    const address = '10.77.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) codes.push((await submit(intakePayload({ lastName: `Flood${i}` }), {}, address)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 201)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});
