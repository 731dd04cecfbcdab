import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOtherOrganization, rows, useTestApp } from '../../test/harness.js';

/**
 * Every figure on a fixture of two weeks, worked out by hand. The demo clinic starts with no queue
 * (tests seed no queue), so the figures are those of the rows below alone.
 *
 * This week (checked in 1 to 4 days ago):
 *   A  completed by the doctor: wait 10 (target 120), care 30, AI medium = final medium, rating 5, fee 150.00, patient P1
 *   B  completed by the doctor: wait 20 (target 30),  care 60, AI high != final urgent, rating 3, no fee,      patient P2
 *   C  admitted, started by the nurse: wait 45 (target 30, missed), care 60
 *   D  waiting (never started), stored risk 10 (low)
 *   E  cancelled (not a visit)
 * Last week (checked in 9 and 11 days ago):
 *   F  completed by the doctor: wait 5 (no target), care 60, AI low = final low, rating 4, fee 100.00, patient P3
 *   G  completed by the doctor: wait 30 (target 120), care 90, AI medium != final low, fee 100.00, patient P4
 *
 * This week: visits 4; satisfaction (5+3)/2 = 4.0; AI accuracy 1/2 = 50.0; efficiency 2/3 = 66.7;
 * revenue 150.00 / 2 patients = 75.00; average treatment (30+60)/2 = 45; utilization: the doctor's
 * 90 care minutes over 2 doctor-days of 8 hours (960) = 9.4.
 * Last week: visits 2; 4.0; 50.0; 100.0; 200.00 / 2 = 100.00; (60+90)/2 = 75; 150/960 = 15.6.
 * Trends: 0.0, 0.0, (66.7-100)/100 = -33.3, (75-100)/100 = -25.0, (4-2)/2 = +100.0,
 * (45-75)/75 = -40.0, (9.4-15.6)/15.6 = -39.7.
 */
describe('analytics figures', () => {
  const t = useTestApp({ as: 'viewer' });

  beforeAll(async () => {
    const db = t.database.db;
    const [doctor] = await rows(db, sql`select id from users where email = 'doctor@demo.clinic'`);
    const [nurse] = await rows(db, sql`select id from users where email = 'nurse@demo.clinic'`);
    await db.execute(
      sql`update organizations set settings = settings || ${JSON.stringify({ visitFees: { low: 100, medium: 150 }, doctorShiftHours: 8 })}::jsonb where id = 'default-clinic'`,
    );
    const entry = async (
      n: number,
      e: {
        days: number;
        status: string;
        complaint: string;
        wait?: number;
        care?: number;
        by?: string;
        ai?: string;
        target?: number | null;
        final?: string;
        rating?: number;
        fee?: number;
        patient?: string;
        risk?: number;
      },
    ) => {
      const created = sql`now() - make_interval(days => ${e.days})`;
      const started = e.wait === undefined ? sql`null` : sql`${created} + make_interval(mins => ${e.wait})`;
      const ended = e.care === undefined ? sql`null` : sql`${created} + make_interval(mins => ${(e.wait ?? 0) + e.care})`;
      await db.execute(sql`insert into queue_entries (organization_id, id, clinic_id, queue_date, queue_number, patient_id, source, status,
        first_name, last_name, chief_complaint, risk_score, created_at, started_at, started_by, ended_at, ai_urgency, target_wait_minutes,
        final_priority, rating, fee_cents)
        values ('default-clinic', ${`fixture-${n}`}, 'default-clinic', current_date, ${900 + n}, ${e.patient ?? null}, 'staff', ${e.status},
        'Fixture', ${`Patient ${n}`}, ${e.complaint}, ${e.risk ?? 40}, ${created}, ${started}, ${e.by ?? null}, ${ended}, ${e.ai ?? null},
        ${e.target ?? null}, ${e.final ?? null}, ${e.rating ?? null}, ${e.fee ?? null})`);
    };
    const doc = doctor.id as string;
    await entry(1, {
      days: 1,
      status: 'completed',
      complaint: 'Cough',
      wait: 10,
      care: 30,
      by: doc,
      ai: 'medium',
      target: 120,
      final: 'medium',
      rating: 5,
      fee: 15000,
      patient: 'P1',
    });
    await entry(2, {
      days: 4,
      status: 'completed',
      complaint: 'cough ',
      wait: 20,
      care: 60,
      by: doc,
      ai: 'high',
      target: 30,
      final: 'urgent',
      rating: 3,
      patient: 'P2',
    });
    await entry(3, { days: 3, status: 'admitted', complaint: 'Chest pain', wait: 45, care: 60, by: nurse.id as string, ai: 'high', target: 30 });
    await entry(4, { days: 1, status: 'waiting', complaint: 'COUGH', risk: 10 });
    await entry(5, { days: 2, status: 'cancelled', complaint: 'Cough' });
    await entry(6, {
      days: 9,
      status: 'completed',
      complaint: 'Headache',
      wait: 5,
      care: 60,
      by: doc,
      ai: 'low',
      target: null,
      final: 'low',
      rating: 4,
      fee: 10000,
      patient: 'P3',
    });
    await entry(7, {
      days: 11,
      status: 'completed',
      complaint: 'Chest  pain',
      wait: 30,
      care: 90,
      by: doc,
      ai: 'medium',
      target: 120,
      final: 'low',
      fee: 10000,
      patient: 'P4',
    });
  });

  it('computes the seven figures of the week and their trends against the week before', async () => {
    const res = await t.get('/api/analytics-overview/overview');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      currency: 'USD',
      analytics: {
        patientSatisfaction: { value: 4, trend: 0, period: 'week' },
        aiAccuracy: { value: 50, trend: 0, period: 'week' },
        treatmentEfficiency: { value: 66.7, trend: -33.3, period: 'week' },
        revenuePerPatient: { value: 75, trend: -25, period: 'week' },
        totalVisits: { value: 4, trend: 100, period: 'week' },
        avgTreatmentTime: { value: 45, trend: -40, period: 'week' },
        resourceUtilization: { value: 9.4, trend: -39.7, period: 'week' },
      },
    });
  });

  it('names the period asked for and compares it with the one of the same length before it', async () => {
    // A month holds all seven rows and the month before none: values without trends.
    const res = await t.get('/api/analytics-overview/overview?period=month');
    const a = res.json().analytics;
    expect(a.totalVisits).toEqual({ value: 6, trend: null, period: 'month' });
    // Ratings 5, 3, 4: 4.0. Revenue 350.00 over 4 patients: 87.50. Care (30+60+60+90)/4 = 60.
    expect(a.patientSatisfaction.value).toBe(4);
    expect(a.revenuePerPatient.value).toBe(87.5);
    expect(a.avgTreatmentTime.value).toBe(60);
    expect(a.patientSatisfaction.trend).toBeNull();
    expect(res.json().analytics.aiAccuracy.period).toBe('month');
  });

  it('gives an empty period no values and no trends, and reads only the caller organization', async () => {
    const other = await createOtherOrganization(t.app, 'analytics-owner@other.org');
    const res = await t.as(other.headers).get('/api/analytics-overview/overview?period=quarter');
    expect(res.statusCode).toBe(200);
    const a = res.json().analytics;
    expect(a.totalVisits).toEqual({ value: 0, trend: null, period: 'quarter' });
    for (const name of [
      'patientSatisfaction',
      'aiAccuracy',
      'treatmentEfficiency',
      'revenuePerPatient',
      'avgTreatmentTime',
      'resourceUtilization',
    ]) {
      expect(a[name]).toEqual({ value: null, trend: null, period: 'quarter' });
    }
  });

  it('refuses an unknown period and a reversed or over-long range', async () => {
    expect((await t.get('/api/analytics-overview/overview?period=year')).statusCode).toBe(400);
    expect((await t.get('/api/analytics/overview?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await t.get('/api/analytics/overview?from=2025-01-01&to=2026-01-02')).statusCode).toBe(400);
    expect((await t.get('/api/analytics/export?report=everything')).statusCode).toBe(400);
  });

  it('reports visits per day, urgency, complaints and business figures over a range', async () => {
    const [{ today, from }] = await rows(
      t.database.db,
      sql`select to_char((now() at time zone 'America/Los_Angeles')::date, 'YYYY-MM-DD') as today,
        to_char((now() at time zone 'America/Los_Angeles')::date - 13, 'YYYY-MM-DD') as from`,
    );
    const range = `from=${from}&to=${today}`;
    const overview = (await t.get(`/api/analytics/overview?${range}`)).json();
    expect(overview.range).toEqual({ from, to: today, timeZone: 'America/Los_Angeles' });
    expect(overview.visitsPerDay).toHaveLength(14);
    expect(overview.visitsPerDay.reduce((s: number, d: { visits: number }) => s + d.visits, 0)).toBe(6);
    // Waits of started entries: 5, 10, 20, 30, 45: the median is 20.
    expect(overview.totals).toEqual({ visits: 6, completed: 4, admitted: 1, cancelled: 1, medianWaitMinutes: 20 });

    const triage = (await t.get(`/api/analytics/triage?${range}`)).json();
    // D never started: its urgency is that of its stored score (10: low).
    expect(triage.urgency).toEqual([
      { level: 'emergency', visits: 0, medianWaitMinutes: null },
      { level: 'urgent', visits: 0, medianWaitMinutes: null },
      { level: 'high', visits: 2, medianWaitMinutes: 33 },
      { level: 'medium', visits: 2, medianWaitMinutes: 20 },
      { level: 'low', visits: 2, medianWaitMinutes: 5 },
    ]);
    expect(triage.aiAgreement).toEqual({ compared: 4, matched: 2 });

    const patients = (await t.get(`/api/analytics/patients?${range}`)).json();
    expect(patients.topComplaints.map((c: { complaint: string; visits: number }) => [c.complaint.toLowerCase(), c.visits])).toEqual([
      ['cough', 3],
      ['chest pain', 2],
      ['headache', 1],
    ]);
    expect(patients.busiestHours.reduce((s: number, c: { visits: number }) => s + c.visits, 0)).toBe(6);
    // P1 to P4, and the walk-ins C and D.
    expect(patients.distinctPatients).toBe(6);

    const business = (await t.get(`/api/analytics/business?${range}`)).json();
    expect(business.revenue).toBe(350);
    expect(business.revenuePerPatient).toBe(87.5);
    expect(business.byVisitType).toEqual([
      { visitType: 'emergency', visits: 0, revenue: null },
      { visitType: 'urgent', visits: 1, revenue: null },
      { visitType: 'high', visits: 0, revenue: null },
      { visitType: 'medium', visits: 1, revenue: 150 },
      { visitType: 'low', visits: 2, revenue: 200 },
    ]);
    expect(business.ratings).toEqual([
      { rating: 1, count: 0 },
      { rating: 2, count: 0 },
      { rating: 3, count: 1 },
      { rating: 4, count: 1 },
      { rating: 5, count: 1 },
    ]);
    expect(business.averageRating).toBe(4);
    // 240 doctor care minutes over 4 doctor-days of 480: 12.5.
    expect(business.resourceUtilization).toBe(12.5);
  });

  it('exports a chart as CSV with its header and rows', async () => {
    const res = await t.get('/api/analytics/export?report=top-complaints');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="top-complaints_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Chief complaint,Visits');
    expect(lines.slice(1).map((l) => l.toLowerCase())).toEqual(['cough,3', 'chest pain,2', 'headache,1']);
  });

  it('audits each read without naming a patient', async () => {
    await t.get('/api/analytics/triage');
    const [audit] = await rows(
      t.database.db,
      sql`select entity_type, details from audit_events where action = 'analytics.read' and details->>'report' = 'triage' order by at desc limit 1`,
    );
    expect(audit.entity_type).toBe('analytics');
    expect(Object.keys(audit.details).sort()).toEqual(['clinicId', 'from', 'report', 'timeZone', 'to']);
  });
  it('keeps past days in the daily rollup and adds a day up again after a late change to one of its visits', async () => {
    const [{ today, from }] = await rows(
      t.database.db,
      sql`select to_char((now() at time zone 'America/Los_Angeles')::date, 'YYYY-MM-DD') as today,
        to_char((now() at time zone 'America/Los_Angeles')::date - 13, 'YYYY-MM-DD') as from`,
    );
    const business = async () => (await t.get(`/api/analytics/business?from=${from}&to=${today}`)).json();
    expect((await business()).ratings[0]).toEqual({ rating: 1, count: 0 });
    const [kept] = await rows(
      t.database.db,
      sql`select count(*)::int as n from analytics_days where organization_id = 'default-clinic' and day between ${from}::date and ${today}::date`,
    );
    // The 14 days but yesterday and today (the widget's periods kept others before).
    expect(kept.n).toBe(12);

    // A rating given late to the admitted visit of three days ago (a kept day).
    await t.database.db.execute(sql`update queue_entries set rating = 1 where id = 'fixture-3'`);
    const after = await business();
    expect(after.ratings[0]).toEqual({ rating: 1, count: 1 });
    expect(after.averageRating).toBe(3.3);
    // The same again from the rollup, and the visits of the other reports unchanged.
    expect((await business()).ratings[0]).toEqual({ rating: 1, count: 1 });
    expect((await t.get(`/api/analytics/overview?from=${from}&to=${today}`)).json().totals.visits).toBe(6);
  });
});
