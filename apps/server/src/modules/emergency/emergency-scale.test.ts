import { sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantTx } from '../../platform/tenant-tx.js';
import { analyzedPlan, rowsScanned } from '../../test/query-plans.js';
import { rows, useTestApp } from '../../test/harness.js';
import { listedAlertsQuery } from './alerts.service.js';

/**
 * The emergency board's alerts on a long history: with a year of 20,000 resolved alerts in the
 * organization, the board's list (every alert not resolved, and those resolved since the clinic's
 * midnight) is read from the indexes of those two kinds, never the history. Plans are read with
 * EXPLAIN as the application role under RLS, as the app runs them.
 */

const t = useTestApp({ as: 'nurse' });
const tenant = { organizationId: 'default-clinic', clinicId: 'default-clinic', timeZone: 'UTC' };
const HISTORY = 20_000;

beforeAll(async () => {
  const db = t.database.db;
  // A year of resolved alerts (one every 26 minutes, each resolved an hour after it was raised), then today's:
  // the newest 10 still active, 5 more resolved within the last minutes.
  await db.execute(sql`
    insert into emergency_alerts (organization_id, id, clinic_id, type, severity, priority, status, message, created_at, resolved_at)
    select 'default-clinic', 'hist-alert-' || g, case when g % 3 = 0 then null else 'default-clinic' end, 'MANUAL', 'HIGH', 2,
      case when g <= 10 then 'ACTIVE' else 'RESOLVED' end, 'History alert ' || g,
      now() - (g * 26 || ' minutes')::interval - interval '1 hour',
      case when g <= 10 then null when g <= 15 then now() - (g || ' minutes')::interval else now() - (g * 26 || ' minutes')::interval end
    from generate_series(1, ${HISTORY}) g`);
  await db.execute(sql`vacuum analyze emergency_alerts`);
});

const explain = (build: (tx: TenantTx) => SQLWrapper) => analyzedPlan(t.database.db, 'default-clinic', build);

describe("the emergency board's alerts on a year of history", () => {
  it('lists the unresolved alerts and those resolved today from their indexes', async () => {
    const plan = await explain((tx) => listedAlertsQuery({ tx, tenant }));
    expect(plan).toMatch(/emergency_alerts_unresolved_idx/);
    expect(plan).toMatch(/emergency_alerts_resolved_idx/);
    expect(plan).not.toMatch(/Seq Scan|emergency_alerts_clinic_idx/);
    expect(rowsScanned(plan)).toBeLessThan(300);
  });

  it('answers the alerts section with the unresolved ones and none resolved more than a day ago', async () => {
    const res = await t.get('/api/emergency-dashboard/alerts');
    expect(res.statusCode).toBe(200);
    const history: Array<{ id: string; status: string }> = res.json().alerts.filter((a: { id: string }) => a.id.startsWith('hist-alert-'));
    expect(history.filter((a) => a.status === 'ACTIVE')).toHaveLength(10);
    const old = await rows(
      t.database.db,
      sql`select id from emergency_alerts where id like 'hist-alert-%' and resolved_at < now() - interval '25 hours'`,
    );
    const oldIds = new Set(old.map((r) => r.id as string));
    expect(oldIds.size).toBeGreaterThan(HISTORY / 2);
    expect(history.filter((a) => oldIds.has(a.id))).toEqual([]);
  });
});
