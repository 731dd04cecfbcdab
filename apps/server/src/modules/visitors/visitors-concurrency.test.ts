import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwoInstances, freshAddress, rows, signInAs, useTestApp, type TwoInstances } from '../../test/harness.js';
import { admittedPatient, OPEN_ALL_DAY, setVisitorSettings, visitorPayload } from './visitors.fixtures.js';

/**
 * Simultaneous kiosk check-ins: the per-patient limit holds (counted under a lock in the insert's
 * transaction) and badge numbers stay unique (a unique index and a retry). On PostgreSQL
 * (DATABASE_URL set) the requests really race on the pool's connections; on PGlite, which has one
 * connection, they run one after another and the same answers are expected.
 */
const t = useTestApp();
const ORG = 'default-clinic';
const KIOSK = `/api/visitors/check-in?organizationId=${ORG}&clinicId=${ORG}`;

let doctor: Record<string, string>;
beforeAll(async () => {
  doctor = await t.as('doctor').headers();
  await setVisitorSettings(t.database.db, ORG, OPEN_ALL_DAY);
});

const checkIn = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.anon.post(KIOSK, body, { remoteAddress: freshAddress(), headers });
const person = (n: number, patientName: string) =>
  visitorPayload({ firstName: `Racer${n}`, lastName: 'Concurrent', phone: `555-300-${String(1000 + n)}`, patientName });

describe('simultaneous kiosk check-ins', () => {
  it('let exactly two of six visitors in for one patient', async () => {
    const patient = await admittedPatient(t.app, t.database.db, doctor, { firstName: 'Limit', lastName: 'Racepatient' });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => checkIn(person(i, patient.name))));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().code).toBe('visitors/patient-limit');
    const [{ n }] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from visitors where patient_id = ${patient.id}`);
    expect(n).toBe(2);
  });

  it('give every visitor a badge number of its own', async () => {
    await setVisitorSettings(t.database.db, ORG, { ...OPEN_ALL_DAY, maxVisitorsPerPatient: 20 });
    try {
      const patient = await admittedPatient(t.app, t.database.db, doctor, { firstName: 'Badge', lastName: 'Racepatient' });
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => checkIn(person(100 + i, patient.name))));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      const numbers = answers.map((r) => r.json().badge.badgeNumber as string);
      expect(new Set(numbers).size).toBe(20);
      for (const n of numbers) expect(n).toMatch(/^V[A-Z]\d{4}$/);
    } finally {
      await setVisitorSettings(t.database.db, ORG, OPEN_ALL_DAY);
    }
  });

  it('with the same Idempotency-Key make one visitor', async () => {
    const patient = await admittedPatient(t.app, t.database.db, doctor, { firstName: 'Retry', lastName: 'Racepatient' });
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const body = person(500, patient.name);
    const answers = await Promise.all([checkIn(body, headers), checkIn(body, headers), checkIn(body, headers)]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((r) => r.json().visitor.id)).size).toBe(1);
    const [{ n }] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from visitors where patient_id = ${patient.id}`);
    expect(n).toBe(1);
  });
});

describe('the badge number index', () => {
  it('holds one badge per number and organization-local day: a simultaneous second insert yields no row', async () => {
    const [visitor] = await rows<{ id: string }>(t.database.db, sql`select id from visitors where organization_id = ${ORG} limit 1`);
    const insert = (id: string, day: string) =>
      t.database.db.execute(
        sql`insert into visitor_badges (organization_id, id, visitor_id, badge_number, issued_on, color, valid_until, issued_by, issued_at)
            values (${ORG}, ${id}, ${visitor.id}, 'VQ0001', ${day}, 'blue', now() + interval '8 hours', 'System', now())
            on conflict do nothing returning id`,
      );
    const [a, b] = await Promise.all([insert('race-a', '2030-01-01'), insert('race-b', '2030-01-01')]);
    expect(a.rows.length + b.rows.length).toBe(1);
    // The same number on another day is another badge.
    expect((await insert('race-c', '2030-01-02')).rows).toHaveLength(1);
  });

  it('a restricted refusal answered to a key is replayed as the same refusal', async () => {
    const patient = await admittedPatient(t.app, t.database.db, doctor, { firstName: 'Watch', lastName: 'Racepatient' });
    const body = person(900, patient.name);
    const first = await checkIn(body);
    expect(first.statusCode).toBe(201);
    const restricted = await t.as('staff').post(`/api/visitors/${first.json().visitor.id}/restrict`, { reason: 'Security' });
    expect(restricted.statusCode).toBe(200);
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const refused = await checkIn(body, headers);
    const retry = await checkIn(body, headers);
    expect([refused.statusCode, retry.statusCode]).toEqual([403, 403]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(refused.json());
    const alerts = await rows(t.database.db, sql`select id from audit_events where action = 'visitor.restricted-refused'`);
    expect(alerts).toHaveLength(1);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('kiosk misses across two instances on one PostgreSQL database', () => {
  let instances: TwoInstances;
  beforeAll(async () => {
    instances = await createTwoInstances();
    await setVisitorSettings(instances.test.database.db, ORG, OPEN_ALL_DAY);
  });
  afterAll(async () => {
    await instances?.close();
  });
  const guess = (app: FastifyInstance, remoteAddress: string, patientName: string, n: number) =>
    app.inject({ method: 'POST', url: KIOSK, payload: person(n, patientName), remoteAddress });

  it("counts one address's unknown patient names on both instances together: after 10, both refuse it, a right name included", async () => {
    const { app1, app2, test } = instances;
    const patient = await admittedPatient(app1, test.database.db, await signInAs(app1, 'doctor@demo.clinic'), {
      firstName: 'Shared',
      lastName: 'Misspatient',
    });
    const remoteAddress = freshAddress();
    for (let i = 0; i < 10; i++) {
      const res = await guess(i % 2 === 0 ? app1 : app2, remoteAddress, `Guess Number${i}`, 1000 + i);
      expect(res.json().code).toBe('visitors/patient-not-found');
    }
    for (const app of [app1, app2]) expect((await guess(app, remoteAddress, patient.name, 1100)).statusCode).toBe(429);
    expect((await guess(app2, freshAddress(), patient.name, 1101)).statusCode).toBe(201);
  });

  it('answers simultaneous misses from more addresses than the pool has connections', async () => {
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => guess(instances.app1, freshAddress(), `Nobody Here${i}`, 1200 + i)));
    expect(answers.map((r) => r.json().code)).toEqual(Array(24).fill('visitors/patient-not-found'));
  });
});
