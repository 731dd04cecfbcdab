import { activityQuery } from '@clinic/domain';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant, type TenantTx } from '../../platform/tenant-tx.js';
import { useTestApp } from '../../test/harness.js';
import { activityCountQuery, activityPageQuery, type ActivityScope } from './activity.service.js';

/**
 * The activity's queries on a long trail: with 40,000 audit rows of reads (what polling screens
 * write all day) and 4,000 of activity in the organization, the page and the total come from the
 * partial index of the activity actions, never a scan of the trail. Plans are read with EXPLAIN as
 * the application role under RLS, as the app runs them.
 */

const t = useTestApp({ as: 'nurse' });
const scope: ActivityScope = { organizationId: 'default-clinic', clinicId: 'default-clinic' };

beforeAll(async () => {
  const db = t.database.db;
  await db.execute(sql`
    insert into audit_events (id, organization_id, action, entity_type, details, at)
    select 'read-' || g, 'default-clinic', (array['queue.read', 'patient.read', 'activity.read', 'patient.list'])[1 + g % 4], 'queue_entry',
      jsonb_build_object('clinicId', 'default-clinic'), now() - (g || ' seconds')::interval
    from generate_series(1, 40000) g`);
  await db.execute(sql`
    insert into audit_events (id, organization_id, action, entity_type, entity_id, details, at)
    select 'act-' || g, 'default-clinic', (array['queue.checked-in', 'queue.start', 'queue.complete', 'patient.created'])[1 + g % 4], 'queue_entry',
      'entry-' || g, jsonb_build_object('clinicId', 'default-clinic', 'queueNumber', g), now() - (g * 10 || ' seconds')::interval
    from generate_series(1, 4000) g`);
  await db.execute(sql`vacuum analyze audit_events`);
});

async function explain(build: (tx: TenantTx) => SQLWrapper): Promise<string> {
  return withTenant(t.database.db, 'default-clinic', async (tx) => {
    const r = await tx.execute(sql`explain ${build(tx)}`);
    return (r.rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n');
  });
}

describe('activity queries on a long audit trail', () => {
  it('reads the newest page backwards from the activity index, without sorting', async () => {
    for (const query of [{}, { limit: '100', offset: '500' }]) {
      const plan = await explain((tx) => activityPageQuery(tx, scope, activityQuery.parse(query)));
      expect(plan).toMatch(/Index Scan Backward using audit_events_activity_idx/);
      expect(plan).not.toMatch(/Seq Scan|Sort/);
    }
  });

  it('counts from the activity index, never the reads', async () => {
    const plan = await explain((tx) => activityCountQuery(tx, scope));
    expect(plan).toMatch(/audit_events_activity_idx/);
    expect(plan).not.toMatch(/Seq Scan|audit_events_org_idx/);
  });

  it('answers the page and its total', async () => {
    const res = await t.get('/api/activity/recent?limit=10');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThanOrEqual(4000);
    expect(res.json().activities).toHaveLength(10);
  });
});
