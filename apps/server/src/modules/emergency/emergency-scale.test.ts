import { sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantTx } from '../../platform/tenant-tx.js';
import { analyzedPlan, rowsScanned } from '../../test/query-plans.js';
import { rows, useTestApp } from '../../test/harness.js';
import { listedAlertsQuery } from './alerts.service.js';
import type { EmergencyReader } from './emergency-scope.js';
import { listedAssessmentsQuery, vitalsReadingsQuery } from './board-readers.js';

/**
 * The emergency board on a long history: with a year of 20,000 resolved alerts and 40,000 scorings
 * (a KIOSK and a VITALS one of each closed entry), the board's alerts (every one not resolved, and
 * those resolved since the clinic's midnight), its risk assessments (today's and the open
 * entries') and its vital signs (the open entries') are read from indexes of those rows, never the
 * history. Plans are read with EXPLAIN as the application role under RLS, as the app runs them.
 */

const t = useTestApp({ as: 'nurse' });
const tenant = {
  organizationId: 'default-clinic',
  clinicId: 'default-clinic',
  timeZone: 'UTC',
  organization: { name: 'Demo' },
} as EmergencyReader['tenant'];
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
  // A year of closed entries with a KIOSK and a VITALS scoring each, then 30 open entries with theirs.
  await db.execute(sql`
    insert into queue_entries (organization_id, id, clinic_id, queue_date, queue_number, source, department, status,
      first_name, last_name, chief_complaint, risk_score, created_at)
    select 'default-clinic', 'hist-entry-' || g, 'default-clinic', (now() - (g * 26 || ' minutes')::interval)::date, 20000 + g, 'kiosk', 'general',
      case when g <= 30 then 'waiting' else 'completed' end, 'Long', 'Scored' || g, 'Cough', g % 101, now() - (g * 26 || ' minutes')::interval
    from generate_series(1, ${HISTORY}) g`);
  await db.execute(sql`
    insert into emergency_risk_assessments (organization_id, id, clinic_id, queue_entry_id, assessment_type, risk_score, risk_level, vitals, created_at)
    select 'default-clinic', 'hist-scoring-' || kind || '-' || g, 'default-clinic', 'hist-entry-' || g, kind, g % 101, 'LOW',
      case when kind = 'VITALS' then '{"heartRate": 80}'::jsonb end, now() - (g * 26 || ' minutes')::interval
    from generate_series(1, ${HISTORY}) g, unnest(array['KIOSK', 'VITALS']) kind`);
  await db.execute(sql`vacuum analyze emergency_alerts`);
  await db.execute(sql`vacuum analyze queue_entries`);
  await db.execute(sql`vacuum analyze emergency_risk_assessments`);
});

const explain = (build: (tx: TenantTx) => SQLWrapper) => analyzedPlan(t.database.db, 'default-clinic', build);

describe("the emergency board's reads on a year of history", () => {
  it('lists the unresolved alerts and those resolved today from their indexes', async () => {
    const plan = await explain((tx) => listedAlertsQuery({ tx, tenant }));
    expect(plan).toMatch(/emergency_alerts_unresolved_idx/);
    expect(plan).toMatch(/emergency_alerts_resolved_idx/);
    expect(plan).not.toMatch(/Seq Scan|emergency_alerts_clinic_idx/);
    expect(rowsScanned(plan)).toBeLessThan(300);
  });

  it("lists today's scorings and the open entries' from their indexes, not the clinic's history of scorings", async () => {
    const plan = await explain((tx) => listedAssessmentsQuery({ tx, tenant }));
    expect(plan).toMatch(/emergency_risk_assessments_entry_idx/);
    expect(plan).not.toMatch(/Seq Scan on emergency_risk_assessments/);
    expect(rowsScanned(plan)).toBeLessThan(2_000);
  });

  it("reads the open entries' vital signs from the index of entries", async () => {
    const plan = await explain((tx) => vitalsReadingsQuery({ tx, tenant }));
    expect(plan).toMatch(/emergency_risk_assessments_entry_idx/);
    expect(plan).not.toMatch(/Seq Scan on emergency_risk_assessments/);
    expect(rowsScanned(plan)).toBeLessThan(2_000);
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
