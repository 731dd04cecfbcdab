import { sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantTx } from '../../platform/tenant-tx.js';
import { analyzedPlan, rowsScanned } from '../../test/query-plans.js';
import { useTestApp } from '../../test/harness.js';
import { queueDayFigureQueries } from './queue-figures.js';
import { complianceQuery } from './queue-lists.js';
import { queueEntriesActiveSince } from './queue-readers.js';
import type { QueueScope } from './queue.service.js';

/**
 * The polled boards' day figures on a long history: with a year of 20,000 completed entries in the
 * clinic and a day's worth of open, started and completed ones, the dashboard's figures and the
 * emergency metrics' entries of the day are read from the indexes of their times, never a scan of
 * the clinic's history. Plans are read with EXPLAIN as the application role under RLS, as the app
 * runs them.
 */

const t = useTestApp({ as: 'nurse' });
const tenant: QueueScope = { organizationId: 'default-clinic', clinicId: 'default-clinic' };
const HISTORY = 20_000;
const since = () => new Date(Date.now() - 36 * 3600_000);

beforeAll(async () => {
  const db = t.database.db;
  // A year of completed care, then today's: 40 completed, 20 in care, 30 waiting.
  await db.execute(sql`
    insert into queue_entries (organization_id, id, clinic_id, queue_date, queue_number, source, department, status,
      first_name, last_name, chief_complaint, risk_score, created_at, started_at, ended_at)
    select 'default-clinic', 'hist-' || g, 'default-clinic', (now() - (g * 26 || ' minutes')::interval)::date, 10000 + g, 'kiosk', 'general',
      case when g <= 30 then 'waiting' when g <= 50 then 'in-progress' else 'completed' end,
      'Long', 'History' || g, 'Cough', g % 101,
      now() - (g * 26 || ' minutes')::interval - interval '30 minutes',
      case when g <= 30 then null else now() - (g * 26 || ' minutes')::interval - interval '20 minutes' end,
      case when g <= 50 then null else now() - (g * 26 || ' minutes')::interval end
    from generate_series(1, ${HISTORY}) g`);
  await db.execute(sql`vacuum analyze queue_entries`);
});

const explain = (build: (tx: TenantTx) => SQLWrapper) => analyzedPlan(t.database.db, 'default-clinic', build);

describe('the day figures on a year of queue history', () => {
  it('counts completed care and averages the wait of the day from the indexes of their times', async () => {
    const queries = (tx: TenantTx) => queueDayFigureQueries(tx, tenant, since());
    const completed = await explain((tx) => queries(tx).completed);
    expect(completed).toMatch(/queue_entries_ended_idx/);
    const wait = await explain((tx) => queries(tx).wait);
    expect(wait).toMatch(/Index Only Scan using queue_entries_started_idx/);
    for (const plan of [completed, wait, await explain((tx) => queries(tx).active)]) {
      expect(plan).not.toMatch(/Seq Scan/);
      expect(rowsScanned(plan)).toBeLessThan(200);
    }
  });

  it("counts the day's guideline compliance from the index of the start of care alone", async () => {
    const plan = await explain((tx) => complianceQuery(tx, tenant, since()));
    expect(plan).toMatch(/Index Only Scan using queue_entries_started_idx/);
    expect(rowsScanned(plan)).toBeLessThan(200);
  });

  it("reads the emergency metrics' entries of the day, never the clinic's history", async () => {
    const plan = await explain((tx) => queueEntriesActiveSince(tx, tenant.organizationId, tenant.clinicId, since()));
    expect(plan).toMatch(/queue_entries_ended_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
    expect(rowsScanned(plan)).toBeLessThan(400);
  });

  it('answers the dashboard with the day, not the year', async () => {
    const stats = (await t.get('/api/dashboard/stats')).json().stats;
    // The demo seed's own entries come on top of the history's 50 open entries.
    expect(stats.activeQueue).toBeGreaterThanOrEqual(50);
    expect(stats.completedToday).toBeLessThan(HISTORY / 100);
  });
});
