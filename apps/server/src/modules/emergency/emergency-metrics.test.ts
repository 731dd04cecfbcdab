import { localWallClock, startOfLocalDay } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queueEntries } from '../../db/schema/index.js';
import { rows, useTestApp } from '../../test/harness.js';
import { patientPayload } from '../../test/patient-payload.js';

const ORG = 'default-clinic';
const CLINIC = 'default-clinic';
const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * A time zone in which at least six hours of today have passed, so that the fixture day (times
 * from local midnight up to 200 minutes later) lies in the past whenever the test runs.
 */
function zoneWithMorningBehind(now = new Date()): string {
  const zones = [
    'UTC',
    'Europe/Berlin',
    'Asia/Kolkata',
    'Asia/Tokyo',
    'Pacific/Auckland',
    'America/New_York',
    'America/Los_Angeles',
    'Pacific/Honolulu',
  ];
  const zone = zones.find((z) => localWallClock(z, now).hour >= 6);
  if (!zone) throw new Error('no zone with six hours of today behind it');
  return zone;
}

describe('emergency metrics on a fixture day', () => {
  const t = useTestApp({ as: 'nurse' });
  let dayStart: Date;
  const at = (minutes: number) => new Date(dayStart.getTime() + minutes * MINUTE);

  beforeAll(async () => {
    const zone = zoneWithMorningBehind();
    await t.database.db.execute(
      sql`update organizations set settings = jsonb_set(settings, '{timezone}', to_jsonb(${zone}::text)) where id = ${ORG}`,
    );
    dayStart = startOfLocalDay(zone, new Date());
    const [doctor] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'doctor@demo.clinic'`);

    // Two more doctors: one signed in today, one last seen yesterday (not active today).
    for (const [email, lastActive] of [
      ['second.doctor@demo.clinic', at(5)],
      ['idle.doctor@demo.clinic', new Date(dayStart.getTime() - 3600_000)],
    ] as const) {
      const id = crypto.randomUUID();
      await t.database.db.execute(sql`insert into users (id, email, password_hash) values (${id}, ${email}, 'x')`);
      await t.database.db.execute(
        sql`insert into organization_members (organization_id, id, user_id, role, status, last_active_at)
            values (${ORG}, ${crypto.randomUUID()}, ${id}, 'Doctor', 'active', ${lastActive.toISOString()})`,
      );
    }

    let number = 0;
    const entry = (e: { status: string; created: number; started?: number; ended?: number; risk: number; rating?: number }) => {
      number += 1;
      const createdAt = at(e.created);
      return {
        organizationId: ORG,
        clinicId: CLINIC,
        id: crypto.randomUUID(),
        queueDate: createdAt.toISOString().slice(0, 10),
        queueNumber: 900 + number,
        source: 'staff',
        status: e.status,
        firstName: 'Fixture',
        lastName: `Day${number}`,
        chiefComplaint: 'Fixture',
        riskScore: e.risk,
        createdAt,
        startedAt: e.started === undefined ? null : at(e.started),
        startedBy: e.started === undefined ? null : doctor.id,
        endedAt: e.ended === undefined ? null : at(e.ended),
        rating: e.rating ?? null,
      };
    };
    await t.database.db.insert(queueEntries).values([
      // Arrived yesterday, started today after 30 min, treated 50 min, completed: a wait and a treatment, not an arrival.
      entry({ status: 'completed', created: -20, started: 10, ended: 60, risk: 90, rating: 4 }),
      // Waited 10, treated 20, admitted.
      entry({ status: 'admitted', created: 20, started: 30, ended: 50, risk: 95, rating: 5 }),
      // Waited 20, in care now with the demo doctor.
      entry({ status: 'in-progress', created: 100, started: 120, risk: 60 }),
      // Waiting, critical.
      entry({ status: 'waiting', created: 200, risk: 81 }),
      // Cancelled from waiting: left without being seen.
      entry({ status: 'cancelled', created: 40, ended: 90, risk: 10 }),
      // Yesterday's, closed yesterday: not counted at all.
      entry({ status: 'completed', created: -300, started: -280, ended: -200, risk: 99, rating: 1 }),
    ]);

    // Visits: a readmission (discharged 10 days before), a return after 40 days, one after a cancelled visit.
    const visit = async (patientId: string, date: Date, type: string, status: string) => {
      const res = await t.post(`/api/patients/${patientId}/visits`, {
        date: date.toISOString(),
        type,
        status,
        doctor: 'Dr. Diaz',
        priority: 'high',
      });
      expect(res.statusCode).toBe(201);
    };
    const patient = async (lastName: string) => {
      const res = await t.post('/api/patients', patientPayload({ lastName, email: `${lastName.toLowerCase()}@example.org` }));
      expect(res.statusCode).toBe(201);
      return res.json().patient.id as string;
    };
    const p1 = await patient('Readmitted');
    await visit(p1, new Date(at(30).getTime() - 10 * DAY), 'routine', 'completed');
    await visit(p1, at(30), 'emergency', 'completed');
    const p2 = await patient('Returning');
    await visit(p2, new Date(at(60).getTime() - 40 * DAY), 'routine', 'completed');
    await visit(p2, at(60), 'emergency', 'in-progress');
    const p3 = await patient('Cancelled');
    await visit(p3, new Date(at(70).getTime() - 5 * DAY), 'routine', 'cancelled');
    await visit(p3, at(70), 'emergency', 'completed');

    expect((await t.as('admin').put('/api/emergency-dashboard/facility', { bedCount: 4 })).statusCode).toBe(200);
  });

  it('computes every figure of the day', async () => {
    const hours = (Date.now() - dayStart.getTime()) / 3600_000;
    const res = await t.get('/api/emergency-dashboard/metrics');
    expect(res.statusCode).toBe(200);
    const { metrics } = res.json();
    expect(metrics).toMatchObject({
      totalPatients: 4, // admitted, in care, waiting, cancelled (not yesterday's arrivals)
      criticalPatients: 2, // 95 and 81 (above 80)
      averageWaitTime: 20, // (30 + 10 + 20) / 3
      doorToProviderMinutes: 20, // median of 30, 10, 20
      averageTreatmentTime: 35, // (50 + 20) / 2
      bedOccupancy: 25, // 1 in care / 4 beds
      staffUtilization: 50, // 1 giving care / 2 active today (the idle doctor is not counted)
      patientSatisfaction: 4.5, // ratings of care ended today: 4 and 5 (yesterday's 1 is not counted)
      mortalityRate: null, // visits record no outcome
      readmissionRate: 33.3, // 1 of 3 emergency visits within 30 days of a discharge
      leftWithoutBeingSeen: 1,
    });
    expect(metrics.throughput).toBeCloseTo(Math.round((2 / hours) * 10) / 10, 1); // completed + admitted today
  });

  it('gives the same figures inside the whole dashboard', async () => {
    const metrics = (await t.get('/api/emergency-dashboard/metrics')).json().metrics;
    const dashboard = (await t.get('/api/emergency-dashboard/dashboard')).json().data;
    expect(dashboard.metrics).toEqual(metrics);
    expect(dashboard.facility.bedCount).toBe(4);
  });
});
