/** The benchmark's database and its rows: the demo seed, the clinic's directory and the other organizations'. */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { AppDb } from '../../apps/server/src/db/client.js';
import { seedDemo } from '../../apps/server/src/db/seed/demo.js';
import { bulkInsertPatients } from '../../apps/server/src/db/seed/patients.js';
import { createTestDatabase, openMigratedPostgres, type TestDatabase } from '../../apps/server/src/test/harness.js';
import { fmt } from '../timing.js';
import { ORG, OTHER_ORGS, OTHER_PATIENTS, PATIENTS } from './config.js';

export async function loadData(db: AppDb) {
  const t0 = performance.now();
  await seedDemo(db, 'demo-password');
  // The clinic's directory in slices, so no single statement holds everything in memory.
  const SLICE = 50_000;
  for (let from = 1; from <= PATIENTS; from += SLICE) {
    await bulkInsertPatients(db, { organizationId: ORG, clinicId: ORG, count: Math.min(SLICE, PATIENTS - from + 1), from });
  }
  for (let o = 1; o <= OTHER_ORGS; o += 1) {
    const id = `bench-org-${o}`;
    await db.execute(sql`insert into organizations (id, name) values (${id}, ${`Bench Organization ${o}`})`);
    await db.execute(sql`insert into clinics (organization_id, id, name) values (${id}, ${id}, ${`Bench Clinic ${o}`})`);
    for (let from = 1; from <= OTHER_PATIENTS; from += SLICE) {
      await bulkInsertPatients(db, {
        organizationId: id,
        clinicId: id,
        count: Math.min(SLICE, OTHER_PATIENTS - from + 1),
        from,
        idPrefix: `o${o}-`,
      });
    }
  }
  // What autovacuum would have done by now: planner statistics and the visibility map.
  await db.execute(sql`vacuum analyze patients`);
  await db.execute(sql`vacuum analyze patient_visits`);
  const [{ n }] = (await db.execute(sql`select count(*)::int as n from patients`)).rows as Array<{ n: number }>;
  console.log(
    `Loaded ${n.toLocaleString('en-US')} patients (${PATIENTS.toLocaleString('en-US')} in ${ORG}, ${OTHER_ORGS} other organizations) in ${fmt((performance.now() - t0) / 1000, 1)} s`,
  );
}

/**
 * The benchmark's database: a fresh one (dropped afterwards), or with `BENCH_REUSE_DATABASE=<name>`
 * on PostgreSQL one that is kept between runs: created, migrated and loaded on the first run, only
 * migrated on the next ones (for measuring a change again without loading a million rows again).
 */
export async function benchDatabase(): Promise<TestDatabase & { fresh: boolean }> {
  const reuse = process.env.BENCH_REUSE_DATABASE;
  const adminUrl = process.env.DATABASE_URL;
  if (!reuse || !adminUrl) return { ...(await createTestDatabase()), fresh: true };
  if (!/^[a-z_][a-z0-9_]*$/.test(reuse)) throw new Error('BENCH_REUSE_DATABASE: a lower-case database name');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [reuse])).rowCount === 1;
  if (!exists) await admin.query(`create database ${reuse}`);
  await admin.end();
  const opened = await openMigratedPostgres(adminUrl, reuse);
  const [{ n }] = (await opened.database.db.execute(sql`select count(*)::int as n from patients`)).rows as Array<{ n: number }>;
  return {
    ...opened,
    fresh: n === 0,
    async drop() {
      await opened.appDatabase.close();
      await opened.database.close();
    },
  };
}
