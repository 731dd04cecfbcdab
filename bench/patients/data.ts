/** The benchmark's database and its rows: the demo seed, the clinic's directory and the other organizations'. */
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { migrationsFolder, type AppDb } from '../../apps/server/src/db/client.js';
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

/** The loaded database's name, from the data set's knobs: a run with other knobs loads a database of its own. */
export const BENCH_DATABASE = `bench_patients_${PATIENTS}_${OTHER_ORGS}_${OTHER_PATIENTS}`;

/** Patients per organization that a complete load leaves: the bulk rows (`bulk-*`, `o<n>-*`). */
function expectedCounts(): Map<string, number> {
  const expected = new Map<string, number>([[ORG, PATIENTS]]);
  for (let o = 1; o <= OTHER_ORGS; o += 1) expected.set(`bench-org-${o}`, OTHER_PATIENTS);
  return expected;
}

/**
 * Why a kept database cannot be reused as it is (null when it can): the migrations it applied are
 * not the ones this build ships (same hashes, same order), or its rows are not those a complete
 * load of these knobs leaves (an interrupted load, other knobs).
 */
async function staleness(client: pg.Client): Promise<string | null> {
  const shipped = readMigrationFiles({ migrationsFolder }).map((m) => m.hash);
  let applied: string[];
  try {
    applied = (await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by id')).rows.map((r) => r.hash);
  } catch {
    return 'no migrations applied';
  }
  if (applied.length !== shipped.length || applied.some((hash, i) => hash !== shipped[i])) {
    return `migrations differ (${applied.length} applied, ${shipped.length} shipped)`;
  }
  // The owner is not above the table's forced row level security: lifted for this transaction only.
  await client.query('begin');
  try {
    await client.query('alter table patients no force row level security');
    const { rows } = await client.query<{ organization_id: string; n: number }>(
      `select organization_id, count(*)::int as n from patients where id like 'bulk-%' or id ~ '^o[0-9]+-' group by organization_id`,
    );
    const found = new Map(rows.map((r) => [r.organization_id, r.n]));
    const expected = expectedCounts();
    if (found.size !== expected.size || [...expected].some(([org, n]) => found.get(org) !== n)) {
      const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
      return `rows differ (${total(found).toLocaleString('en-US')} bulk patients in ${found.size} organizations, ${total(expected).toLocaleString('en-US')} in ${expected.size} expected)`;
    }
    return null;
  } finally {
    await client.query('rollback');
  }
}

/**
 * The benchmark's database. Without `DATABASE_URL`: a fresh in-memory PGlite (loaded each run).
 * On PostgreSQL: {@link BENCH_DATABASE}, kept between runs. It is reused as it is when it applied
 * the migrations this build ships and holds the rows of a complete load of these knobs; otherwise
 * (or with `BENCH_FRESH=1`) it is dropped, created, migrated and loaded again. Nothing is dropped
 * afterwards.
 */
export async function benchDatabase(): Promise<TestDatabase & { fresh: boolean }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { ...(await createTestDatabase()), fresh: true };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE])).rowCount === 1;
    let reason = exists ? null : 'none kept';
    if (exists && process.env.BENCH_FRESH === '1') reason = 'BENCH_FRESH=1';
    if (!reason) {
      const url = new URL(adminUrl);
      url.pathname = `/${BENCH_DATABASE}`;
      const kept = new pg.Client({ connectionString: url.toString() });
      await kept.connect();
      try {
        reason = await staleness(kept);
      } finally {
        await kept.end();
      }
    }
    if (reason) {
      console.log(`Loading the database ${BENCH_DATABASE} (${reason})`);
      await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
      await admin.query(`create database ${BENCH_DATABASE}`);
    } else {
      console.log(`Reusing the loaded database ${BENCH_DATABASE} (same migrations and rows; BENCH_FRESH=1 reloads it)`);
    }
    const opened = await openMigratedPostgres(adminUrl, BENCH_DATABASE);
    return {
      ...opened,
      fresh: reason !== null,
      async drop() {
        await opened.appDatabase.close();
        await opened.database.close();
      },
    };
  } finally {
    await admin.end();
  }
}
