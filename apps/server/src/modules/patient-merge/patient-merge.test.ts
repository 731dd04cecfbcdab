import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEventsOf, countRows, createOtherOrganization, freshAddress, rows, useTestApp } from '../../test/harness.js';
import { birthDateYearsAgo, intakePayload, trialPayload } from '../../test/clinical-trials.fixtures.js';
import { patientPayload } from '../../test/patient-payload.js';

/**
 * Public input never reads or changes an existing chart: an intake or a kiosk check-in that names
 * an existing child makes a chart of its own, flagged for staff, and its token reaches nothing
 * else. Staff merge the flagged chart into the existing one (its records move, it is archived) or
 * dismiss the pair.
 */
const t = useTestApp({ as: 'doctor' });
const childBirthDate = birthDateYearsAgo(7);
let existing: { id: string };
let trialA: string;
let trialB: string;

const submit = (payload: object) => t.anon.post('/api/patients/pediatric', payload, { remoteAddress: freshAddress() });
const withToken = (token: string) => ({ headers: { 'x-intake-token': token }, remoteAddress: freshAddress() });
const matchesOf = async (patientId: string) => (await t.get(`/api/patients/${patientId}/possible-matches`)).json().matches;

beforeAll(async () => {
  trialA = (await t.post('/api/clinical-trials', trialPayload({ title: 'Merge Study A' }))).json().trial.id;
  trialB = (await t.post('/api/clinical-trials', trialPayload({ title: 'Merge Study B' }))).json().trial.id;
  const res = await t.post(
    '/api/patients',
    patientPayload({ firstName: 'Ada', lastName: 'Quill', dateOfBirth: childBirthDate, phone: '555 010 7070' }),
  );
  existing = res.json().patient;
  // The real child is enrolled in trial B: a stranger must not learn it.
  expect((await t.post(`/api/clinical-trials/${trialB}/enroll`, { patientId: existing.id })).statusCode).toBe(201);
});

describe('an anonymous intake naming an existing child', () => {
  it('makes a new chart, answers only what it was sent, and its token reaches neither the real chart nor another trial', async () => {
    const before = await rows(t.database.db, sql`select dto_json from patients where id = ${existing.id}`);
    const res = await submit(
      intakePayload({
        firstName: 'Ada',
        lastName: 'QUILL',
        dateOfBirth: childBirthDate,
        primaryPhone: '555-010-7070',
        trialId: trialA,
        consentStatus: 'provided',
      }),
    );
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer.patientId).not.toBe(existing.id);
    expect(Object.keys(answer).sort()).toEqual(['intakeId', 'intakeToken', 'intakeTokenExpiresAt', 'patientId', 'success']);

    const entries = await countRows(t.database.db, 'queue_entries');
    const enrolments = await countRows(t.database.db, 'trial_enrollments');
    // The real chart, with the stranger's token: one generic 404 for every call.
    const enrolReal = await t.anon.post(`/api/clinical-trials/${trialB}/enroll`, { patientId: existing.id }, withToken(answer.intakeToken));
    expect(enrolReal.statusCode).toBe(404);
    expect(enrolReal.json()).toMatchObject({ code: 'not-found', message: 'Not found' });
    const queueReal = await t.anon.post(`/api/patients/pediatric/${existing.id}/queue`, {}, withToken(answer.intakeToken));
    expect(queueReal.json()).toEqual(enrolReal.json());
    // Its own chart in a trial its intake did not name: the same 404.
    const otherTrial = await t.anon.post(`/api/clinical-trials/${trialB}/enroll`, { patientId: answer.patientId }, withToken(answer.intakeToken));
    expect(otherTrial.json()).toEqual(enrolReal.json());
    expect(await countRows(t.database.db, 'queue_entries')).toBe(entries);
    expect(await countRows(t.database.db, 'trial_enrollments')).toBe(enrolments);

    // Its own chart and trial: allowed, and the answers carry the names it sent.
    const enrolled = await t.anon.post(`/api/clinical-trials/${trialA}/enroll`, { patientId: answer.patientId }, withToken(answer.intakeToken));
    expect(enrolled.statusCode).toBe(201);
    expect(enrolled.json().enrollment.patientName).toBe('Ada QUILL');
    expect((await t.anon.post(`/api/patients/pediatric/${answer.patientId}/queue`, {}, withToken(answer.intakeToken))).statusCode).toBe(201);

    // The real chart is untouched and has no queue entry of the stranger's.
    expect(await rows(t.database.db, sql`select dto_json from patients where id = ${existing.id}`)).toEqual(before);
    expect(await countRows(t.database.db, 'queue_entries', sql`patient_id = ${existing.id}`)).toBe(0);

    // Staff see the pair on both charts.
    const [match] = await matchesOf(existing.id);
    expect(match).toMatchObject({
      source: 'pediatric-intake',
      reasons: ['lastName', 'dateOfBirth', 'firstName', 'phone'],
      newChart: { id: answer.patientId, lastName: 'QUILL' },
      existingChart: { id: existing.id, lastName: 'Quill' },
    });
    expect(await matchesOf(answer.patientId)).toEqual([match]);
  });
});

describe('merging and dismissing possible matches', () => {
  const flagged = async (lastName: string) => {
    const chart = (await t.post('/api/patients', patientPayload({ lastName, dateOfBirth: '1970-03-04', phone: '555 444 1212' }))).json().patient;
    const kiosk = await t.anon.post(
      '/api/triage/case',
      {
        firstName: 'Grace',
        lastName,
        dateOfBirth: '1970-03-04',
        phoneNumber: '5554441212',
        chiefComplaint: 'Cough',
        symptoms: ['cough'],
        painLevel: 2,
      },
      { remoteAddress: freshAddress() },
    );
    expect(kiosk.statusCode).toBe(201);
    const [match] = await matchesOf(chart.id);
    return { chart, match, entryId: kiosk.json().case.id as string };
  };

  it("moves the new chart's records to the existing chart, archives it, and audits on both", async () => {
    const { chart, match, entryId } = await flagged('Merriweather');
    const res = await t.post(`/api/patients/possible-matches/${match.id}/merge`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, patientId: chart.id, mergedPatientId: match.newChart.id, moved: { queueEntries: 1 } });
    const [entry] = await rows(t.database.db, sql`select patient_id from queue_entries where id = ${entryId}`);
    expect(entry.patient_id).toBe(chart.id);
    expect((await t.get(`/api/patients/${match.newChart.id}`)).statusCode).toBe(404);
    expect((await t.get(`/api/patients/${chart.id}`)).json().patient.lastName).toBe('Merriweather');
    expect(await matchesOf(chart.id)).toEqual([]);
    const merged = (await auditEventsOf(t.database.db, 'patient.merged')).filter((a) => a.entity_id === chart.id);
    const away = (await auditEventsOf(t.database.db, 'patient.merged-away')).filter((a) => a.entity_id === match.newChart.id);
    expect([merged.length, away.length]).toEqual([1, 1]);
    // A second merge of the same pair: 409, nothing changes.
    expect((await t.post(`/api/patients/possible-matches/${match.id}/merge`, {})).statusCode).toBe(409);
  });

  it('dismissing keeps both charts and closes the pair', async () => {
    const { chart, match } = await flagged('Dismissal');
    expect((await t.post(`/api/patients/possible-matches/${match.id}/dismiss`, {})).statusCode).toBe(200);
    expect(await matchesOf(chart.id)).toEqual([]);
    expect((await t.get(`/api/patients/${match.newChart.id}`)).statusCode).toBe(200);
    expect((await t.post(`/api/patients/possible-matches/${match.id}/merge`, {})).statusCode).toBe(409);
  });

  it('refuses a Viewer (403) and another organization (404)', async () => {
    const { match } = await flagged('Guarded');
    expect((await t.as('viewer').post(`/api/patients/possible-matches/${match.id}/merge`, {})).statusCode).toBe(403);
    const other = await createOtherOrganization(t.app, 'merge-owner@other.org');
    const res = await t.as(other.headers).post(`/api/patients/possible-matches/${match.id}/merge`, {});
    expect(res.statusCode).toBe(404);
    expect(await countRows(t.database.db, 'patient_possible_matches', sql`id = ${match.id} and resolution is null`)).toBe(1);
  });

  it('never flags an erased chart', async () => {
    const chart = (
      await t.post('/api/patients', patientPayload({ lastName: 'Erasedmatch', dateOfBirth: '1971-05-06', phone: '555 909 0000' }))
    ).json().patient;
    expect((await t.as('admin').post('/api/gdpr/erase', { patientId: chart.id, reason: 'Patient asked' })).statusCode).toBeLessThan(300);
    await t.anon.post(
      '/api/triage/case',
      {
        firstName: 'Grace',
        lastName: 'Erasedmatch',
        dateOfBirth: '1971-05-06',
        phoneNumber: '5559090000',
        chiefComplaint: 'Cough',
        symptoms: ['cough'],
        painLevel: 2,
      },
      { remoteAddress: freshAddress() },
    );
    expect(await countRows(t.database.db, 'patient_possible_matches', sql`match_patient_id = ${chart.id}`)).toBe(0);
  });
});
