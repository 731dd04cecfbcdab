import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, useTestApp } from '../../test/harness.js';
import { HISTORY_DAYS } from './analytics.js';

describe('the demo analytics history (npm start on a fresh database)', () => {
  const t = useTestApp({ seed: { queue: true }, as: 'viewer' });

  it('gives every figure of the widget a value and a trend, in each period', async () => {
    for (const period of ['week', 'month'] as const) {
      const res = await t.get(`/api/analytics-overview/overview?period=${period}`);
      expect(res.statusCode).toBe(200);
      for (const [name, figure] of Object.entries(res.json().analytics as Record<string, { value: number | null; trend: number | null }>)) {
        expect(figure.value, `${period} ${name}`).not.toBeNull();
        expect(figure.trend, `${period} ${name} trend`).not.toBeNull();
      }
    }
    // The quarter has 90 days of history behind it but none before: values, no trends.
    const quarter = (await t.get('/api/analytics-overview/overview?period=quarter')).json().analytics;
    expect(quarter.totalVisits.value).toBeGreaterThan(0);
  });

  it('covers the 90 days before today with completed visits that carry waits, ratings, final priorities and fees', async () => {
    const [h] = await rows(
      t.database.db,
      sql`select count(distinct queue_date)::int as days, count(*) filter (where status = 'completed')::int as completed,
        count(rating)::int as ratings, count(final_priority)::int as priorities, count(fee_cents)::int as fees,
        count(*) filter (where started_at is not null and started_at > created_at)::int as waited
      from queue_entries where created_at < now() - interval '1 day'`,
    );
    expect(h.days).toBeGreaterThanOrEqual(HISTORY_DAYS - 1);
    expect(h.completed).toBeGreaterThan(HISTORY_DAYS * 8);
    expect(h.ratings).toBeGreaterThan(h.completed / 2);
    expect(h.priorities).toBeGreaterThanOrEqual(h.completed);
    expect(h.fees).toBe(h.completed);
    expect(h.waited).toBeGreaterThan(h.completed / 2);
  });

  it('fills every chart of the analytics page', async () => {
    const overview = (await t.get('/api/analytics/overview')).json();
    expect(overview.visitsPerDay.filter((d: { visits: number }) => d.visits > 0).length).toBeGreaterThanOrEqual(29);
    const triage = (await t.get('/api/analytics/triage')).json();
    expect(triage.urgency.filter((u: { medianWaitMinutes: number | null }) => u.medianWaitMinutes !== null).length).toBeGreaterThanOrEqual(3);
    const patients = (await t.get('/api/analytics/patients')).json();
    expect(patients.busiestHours.length).toBeGreaterThan(40);
    expect(patients.topComplaints).toHaveLength(10);
  });
});
