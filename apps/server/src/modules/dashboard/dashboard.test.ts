import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOtherOrganization, rows, useTestApp } from '../../test/harness.js';

describe('dashboard stats', () => {
  const t = useTestApp({ as: 'owner' });

  it('counts patients, the open queue, completions today and the average wait from the database', async () => {
    const before = (await t.get('/api/dashboard/stats')).json().stats;
    const ids: string[] = [];
    for (const name of ['Ann', 'Ben', 'Cy']) {
      const res = await t.anon.post('/api/triage/case', { firstName: name, lastName: 'Dash', chiefComplaint: 'Cough' });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().case.id);
    }
    // Ann checked in 20 minutes ago and Ben 10 minutes ago; both are seen now, Ann's care is completed.
    await t.database.db.execute(sql`update queue_entries set created_at = now() - interval '20 minutes' where id = ${ids[0]}`);
    await t.database.db.execute(sql`update queue_entries set created_at = now() - interval '10 minutes' where id = ${ids[1]}`);
    for (const id of [ids[0], ids[1]]) {
      expect((await t.post(`/api/triage/waiting-room/${id}/start`, {})).statusCode).toBe(200);
    }
    expect((await t.post(`/api/triage/waiting-room/${ids[0]}/complete`, {})).statusCode).toBe(200);
    const res = await t.get('/api/dashboard/stats');
    expect(res.statusCode).toBe(200);
    const stats = res.json().stats;
    const [patients] = await rows(
      t.database.db,
      sql`select count(*)::int as n from patients where organization_id = 'default-clinic' and archived_at is null`,
    );
    expect(stats.totalPatients).toBe(patients.n);
    expect(stats.totalPatients).toBe(before.totalPatients + 3);
    expect(stats.activeQueue).toBe(before.activeQueue + 2);
    expect(stats.completedToday).toBe(before.completedToday + 1);
    expect(stats.avgWaitTime).toBe(15);

    // The kept counts follow an archived chart out of the directory.
    const charted = await rows(t.database.db, sql`select patient_id from queue_entries where id = ${ids[2]}`);
    expect((await t.delete(`/api/patients/${charted[0].patient_id}`)).statusCode).toBe(200);
    expect((await t.get('/api/dashboard/stats')).json().stats.totalPatients).toBe(stats.totalPatients - 1);
  });

  it('is refused when signed out and shows only the caller organization', async () => {
    expect((await t.anon.get('/api/dashboard/stats')).statusCode).toBe(401);
    const other = await createOtherOrganization(t.app, 'dash-owner@other.org');
    const res = await t.as(other.headers).get('/api/dashboard/stats');
    expect(res.json().stats).toEqual({ totalPatients: 0, activeQueue: 0, completedToday: 0, avgWaitTime: 0 });
    const foreign = await t.get(`/api/dashboard/stats?organizationId=${other.organizationId}`);
    expect(foreign.statusCode).toBe(403);
  });
});
