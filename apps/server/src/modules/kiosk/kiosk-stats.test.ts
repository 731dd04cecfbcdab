import { DEFAULT_TIME_ZONE, KIOSK_CHECK_IN_MAX_SECONDS, kioskStatsDto, localDate } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOtherOrganization, freshAddress, rows, useTestApp } from '../../test/harness.js';

const t = useTestApp({ as: 'viewer' });
let clinic: Awaited<ReturnType<typeof createOtherOrganization>>;

const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();

/** A kiosk check-in at the clinic made for these tests, from its own address. */
function checkIn(lastName: string, startedAt?: string) {
  return t.anon.post(
    `/api/triage/case/kiosk?organizationId=${clinic.organizationId}&clinicId=${clinic.clinicId}`,
    { firstName: 'Kiosk', lastName, chiefComplaint: 'Sore throat', ...(startedAt ? { startedAt } : {}) },
    { remoteAddress: freshAddress() },
  );
}

async function stats(headers = clinic.headers) {
  const res = await t.as(headers).get('/api/kiosk/stats');
  expect(res.statusCode).toBe(200);
  return kioskStatsDto.parse(res.json().stats);
}

beforeAll(async () => {
  clinic = await createOtherOrganization(t.app, 'kiosk-stats@clinic.example');
});

describe('GET /api/kiosk/stats', () => {
  it('is zero with no average before the first kiosk check-in of the day', async () => {
    expect(await stats()).toEqual({
      day: expect.any(String),
      checkInsToday: 0,
      measuredCheckIns: 0,
      averageCheckInSeconds: null,
      lastCheckInAt: null,
    });
  });

  it("counts today's kiosk check-ins and averages the durations the kiosk measured", async () => {
    expect((await checkIn('Ninety', secondsAgo(90))).statusCode).toBe(201);
    expect((await checkIn('Thirty', secondsAgo(30))).statusCode).toBe(201);
    expect((await checkIn('Unmeasured')).statusCode).toBe(201);
    // A kiosk clock ahead of the server, and a form left open past the hour: no measurement.
    expect((await checkIn('Ahead', new Date(Date.now() + 60_000).toISOString())).statusCode).toBe(201);
    expect((await checkIn('Abandoned', secondsAgo(KIOSK_CHECK_IN_MAX_SECONDS + 60))).statusCode).toBe(201);
    const s = await stats();
    expect(s.checkInsToday).toBe(5);
    expect(s.measuredCheckIns).toBe(2);
    // 90 s and 30 s, each measured to the second on arrival.
    expect(s.averageCheckInSeconds).toBeGreaterThanOrEqual(60);
    expect(s.averageCheckInSeconds).toBeLessThanOrEqual(62);
    expect(Date.parse(s.lastCheckInAt!)).toBeGreaterThan(Date.now() - 60_000);
    const stored = await rows<{ last_name: string; check_in_seconds: number | null }>(
      t.database.db,
      sql`select last_name, check_in_seconds from queue_entries where organization_id = ${clinic.organizationId} order by last_name`,
    );
    expect(Object.fromEntries(stored.map((r) => [r.last_name, r.check_in_seconds]))).toMatchObject({
      Abandoned: null,
      Ahead: null,
      Unmeasured: null,
    });
  });

  it('counts the clinic-local day only: a check-in filed under yesterday is not today', async () => {
    const before = await stats();
    expect(before.day).toBe(localDate(DEFAULT_TIME_ZONE));
    await t.database.db.execute(
      sql`update queue_entries set queue_date = (queue_date - 1) where organization_id = ${clinic.organizationId} and last_name = 'Ninety'`,
    );
    const after = await stats();
    expect(after.checkInsToday).toBe(before.checkInsToday - 1);
    expect(after.measuredCheckIns).toBe(1);
    expect(after.averageCheckInSeconds).toBeGreaterThanOrEqual(30);
    expect(after.averageCheckInSeconds).toBeLessThanOrEqual(31);
  });

  it("never counts another organization's check-ins, and any member may read the counts", async () => {
    const demo = await t.get('/api/kiosk/stats');
    expect(demo.statusCode).toBe(200);
    const before = demo.json().stats.checkInsToday;
    await checkIn('Elsewhere', secondsAgo(20));
    expect((await t.get('/api/kiosk/stats')).json().stats.checkInsToday).toBe(before);
  });

  it('needs a session', async () => {
    expect((await t.anon.get('/api/kiosk/stats')).statusCode).toBe(401);
  });
});
