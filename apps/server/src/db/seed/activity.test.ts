import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, useTestApp } from '../../test/harness.js';

describe('the demo activity (npm start on a fresh database)', () => {
  const t = useTestApp({ seed: { queue: true }, as: 'nurse' });

  it('fills Recent Activity with the seeded queue: check-ins, alerts, care started and completed, minutes ago', async () => {
    const res = await t.get('/api/activity/recent');
    expect(res.statusCode).toBe(200);
    const { activities, total } = res.json() as { activities: Array<{ icon: string; title: string; timeAgo: string }>; total: number };
    expect(activities).toHaveLength(10);
    expect(total).toBeGreaterThan(10);
    expect(activities[0].timeAgo).toMatch(/^(Just now|\d+ minutes? ago)$/);
    const all = (await t.get(`/api/activity/recent?limit=100`)).json().activities as Array<{ icon: string; title: string }>;
    const icons = new Set(all.map((a) => a.icon));
    for (const icon of ['check-in', 'alert', 'care-started', 'care-completed', 'admitted']) expect(icons, icon).toContain(icon);
    expect(all.map((a) => a.title)).toContain('Alert: Robert Taylor needs immediate attention');
    // The directory's charts were added before the analytics history began: the oldest page is theirs.
    const oldest = (await t.get(`/api/activity/recent?limit=10&offset=${total - 10}`)).json().activities as Array<{ icon: string }>;
    expect(oldest.map((a) => a.icon)).toEqual(Array(10).fill('patient-added'));
  });

  it('has one check-in row per seeded entry, and a start for each entry in or past care', async () => {
    const [counts] = await rows<{ entries: number; checkins: number; started: number; starts: number }>(
      t.database.db,
      sql`select (select count(*)::int from queue_entries) as entries,
                 (select count(*)::int from audit_events where action = 'queue.checked-in') as checkins,
                 (select count(*)::int from queue_entries where started_at is not null) as started,
                 (select count(*)::int from audit_events where action = 'queue.start') as starts`,
    );
    expect(counts.checkins).toBe(counts.entries);
    expect(counts.starts).toBe(counts.started);
  });
});
