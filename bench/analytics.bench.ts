/**
 * Analytics benchmark. Loads 100,000 patients and a year of visits into the demo
 * clinic (BENCH_VISITS, 150,000 by default, spread evenly over 365 days, every figure's columns
 * filled) and the same number of visits into each of BENCH_OTHER_ORGS other organizations, with
 * generate_series; then times each analytics route through the real app over HTTP (session, tenant,
 * transaction under RLS, the aggregate queries, the audit write, JSON) next to the bare query: one
 * `count(*)` of the same clinic's rows in the same window, no transaction, no RLS, the least any
 * report over those rows can cost. Prints p50/p95 and the ratios, then EXPLAIN ANALYZE of the
 * widget's sums over a quarter (two of those run per widget request).
 *
 * Environment: DATABASE_URL (PostgreSQL; without it an in-memory PGlite), BENCH_VISITS (150000),
 * BENCH_OTHER_ORGS (2), BENCH_CONCURRENCY (2), BENCH_DURATION_MS (4000).
 */
import { sql } from 'drizzle-orm';
import http from 'node:http';
import { buildApp } from '../apps/server/src/app.js';
import type { AppDb } from '../apps/server/src/db/client.js';
import { seedDemo } from '../apps/server/src/db/seed/demo.js';
import { bulkInsertPatients } from '../apps/server/src/db/seed/patients.js';
import { withTenant } from '../apps/server/src/db/tenant.js';
import { createTestDatabase } from '../apps/server/src/test/harness.js';
import { httpGet } from './http-load.js';
import { fmt } from './timing.js';

const env = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const PATIENTS = 100_000;
const VISITS = env('BENCH_VISITS', 150_000);
const OTHER_ORGS = env('BENCH_OTHER_ORGS', 2);
const CONCURRENCY = env('BENCH_CONCURRENCY', 2);
const DURATION_MS = env('BENCH_DURATION_MS', 4_000);
const WARMUP_MS = 500;
const ORG = 'default-clinic';
const DAY_MS = 86_400_000;

const isoDay = (offset: number) => new Date(Date.now() - offset * DAY_MS).toISOString().slice(0, 10);

/** Each scenario: the API path and the window (days back from now) its bare query counts. */
const SCENARIOS: Array<{ name: string; path: string; days: number }> = [
  { name: 'widget, week (2 windows)', path: '/api/analytics-overview/overview?period=week', days: 14 },
  { name: 'widget, quarter (2 windows)', path: '/api/analytics-overview/overview?period=quarter', days: 180 },
  { name: 'overview, 30 days', path: '/api/analytics/overview', days: 30 },
  { name: 'triage, a year', path: `/api/analytics/triage?from=${isoDay(364)}&to=${isoDay(0)}`, days: 365 },
  { name: 'patients, a year', path: `/api/analytics/patients?from=${isoDay(364)}&to=${isoDay(0)}`, days: 365 },
  { name: 'business, a year', path: `/api/analytics/business?from=${isoDay(364)}&to=${isoDay(0)}`, days: 365 },
  { name: 'export top complaints, a year', path: `/api/analytics/export?report=top-complaints&from=${isoDay(364)}&to=${isoDay(0)}`, days: 365 },
];

interface Stats {
  count: number;
  errors: number;
  p50: number;
  p95: number;
}

async function closedLoop(one: () => Promise<boolean>, ms: number): Promise<Stats> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const ok = await one().catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { count: latencies.length, errors, p50: at(0.5), p95: at(0.95) };
}

/** A year of visits of one clinic: every column the figures read, spread evenly back from now. */
async function insertVisits(db: AppDb, org: string, doctor: string, nurse: string) {
  const SLICE = 50_000;
  for (let from = 1; from <= VISITS; from += SLICE) {
    const to = Math.min(VISITS, from + SLICE - 1);
    await db.execute(sql`
      insert into queue_entries (organization_id, id, clinic_id, queue_date, queue_number, patient_id, source, status, first_name, last_name,
        chief_complaint, risk_score, created_at, started_at, started_by, ended_at, ai_urgency, target_wait_minutes, final_priority, rating, fee_cents)
      select ${org}, 'v-' || g, ${org}, (t.at)::date, g, 'bulk-' || (1 + g % ${PATIENTS}), 'kiosk',
        s.status, 'Bench', 'Visit ' || g, (array['Cough', 'Sore throat', 'Headache', 'Back pain', 'Fever', 'Rash', 'Chest pain', 'Dizziness'])[1 + g % 8],
        r.risk, t.at,
        case when s.status = 'cancelled' then null else t.at + make_interval(mins => 5 + g % 50) end,
        case when s.status = 'cancelled' then null when g % 2 = 0 then ${doctor} else ${nurse} end,
        t.at + make_interval(mins => 5 + g % 50 + 10 + g % 40),
        case when s.status = 'cancelled' then null when r.risk >= 75 then 'urgent' when r.risk >= 50 then 'high' when r.risk >= 25 then 'medium' else 'low' end,
        case when r.risk >= 70 then 15 when r.risk >= 50 then 30 when r.risk >= 30 then 120 end,
        case when s.status = 'cancelled' then null when g % 7 = 0 then 'high' when r.risk >= 50 then 'high' when r.risk >= 25 then 'medium' else 'low' end,
        case when s.status = 'completed' and g % 3 <> 0 then 1 + g % 5 end,
        case when s.status = 'completed' then 9500 + (g % 4) * 5000 end
      from generate_series(${from}::int, ${to}::int) g
      cross join lateral (select now() - make_interval(secs => g * (365.0 * 86400 / ${VISITS}))) t(at)
      cross join lateral (select (g * 37) % 100) r(risk)
      cross join lateral (select case when g % 25 = 0 then 'cancelled' when g % 11 = 0 then 'admitted' else 'completed' end) s(status)`);
  }
}

async function loadData(db: AppDb) {
  const t0 = performance.now();
  await seedDemo(db, 'demo-password');
  const staff = (email: string) =>
    db.execute(sql`select id from users where email = ${email}`).then((r) => (r.rows as Array<{ id: string }>)[0].id);
  const [doctor, nurse] = [await staff('doctor@demo.clinic'), await staff('nurse@demo.clinic')];
  for (let from = 1; from <= PATIENTS; from += 50_000) {
    await bulkInsertPatients(db, { organizationId: ORG, clinicId: ORG, count: Math.min(50_000, PATIENTS - from + 1), from });
  }
  await insertVisits(db, ORG, doctor, nurse);
  for (let o = 1; o <= OTHER_ORGS; o += 1) {
    const id = `bench-org-${o}`;
    await db.execute(sql`insert into organizations (id, name) values (${id}, ${`Bench Organization ${o}`})`);
    await db.execute(sql`insert into clinics (organization_id, id, name) values (${id}, ${id}, ${`Bench Clinic ${o}`})`);
    await insertVisits(db, id, doctor, nurse);
  }
  await db.execute(sql`vacuum analyze queue_entries`);
  await db.execute(sql`vacuum analyze organization_members`);
  const [{ n }] = (await db.execute(sql`select count(*)::int as n from queue_entries`)).rows as Array<{ n: number }>;
  console.log(
    `Loaded ${PATIENTS.toLocaleString('en-US')} patients and ${n.toLocaleString('en-US')} visits in ${fmt((performance.now() - t0) / 1000, 1)} s`,
  );
}

/** Runs the analytics benchmark and prints its figures. */
export async function runAnalyticsBench() {
  console.log(`\nAnalytics benchmark on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory, one connection)'}`);
  console.log(`  ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s per scenario`);
  const test = await createTestDatabase();
  const db = test.database.db;
  const app = await buildApp({ database: test.appDatabase, webDist: '/nonexistent' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    await loadData(db);
    const base = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'viewer@demo.clinic', password: 'demo-password' },
    });
    const headers = { authorization: `Bearer ${signIn.json().token}` };
    const rows: Array<{ name: string; bare: Stats; api: Stats }> = [];
    for (const s of SCENARIOS) {
      const bare = () =>
        db
          .execute(
            sql`select count(*) from queue_entries where organization_id = ${ORG} and clinic_id = ${ORG} and created_at >= now() - make_interval(days => ${s.days})`,
          )
          .then(() => true);
      const api = () => httpGet(agent, base, s.path, headers);
      await closedLoop(bare, WARMUP_MS);
      const bareStats = await closedLoop(bare, DURATION_MS);
      await closedLoop(api, WARMUP_MS);
      const apiStats = await closedLoop(api, DURATION_MS);
      rows.push({ name: s.name, bare: bareStats, api: apiStats });
      console.log(
        `  ${s.name.padEnd(32)} API p50 ${fmt(apiStats.p50)} ms p95 ${fmt(apiStats.p95)} ms | bare p50 ${fmt(bareStats.p50)} ms${apiStats.errors ? ` | ${apiStats.errors} errors` : ''}`,
      );
    }
    console.log('\n| Scenario | API p50 ms | API p95 ms | bare p50 ms | bare p95 ms | p50 ratio |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const { name, bare, api } of rows) {
      console.log(`| ${name} | ${fmt(api.p50)} | ${fmt(api.p95)} | ${fmt(bare.p50)} | ${fmt(bare.p95)} | x${fmt(api.p50 / bare.p50, 1)} |`);
    }
    const plan = await withTenant(db, ORG, async (tx) => {
      const r = await tx.execute(sql`explain (analyze, buffers, costs off, summary off)
        select count(*) from (select 1 from queue_entries q
          where q.organization_id = ${ORG} and q.clinic_id = ${ORG} and q.created_at >= now() - interval '365 days' and q.created_at < now()
            and q.status = 'completed' group by coalesce(q.patient_id, q.id)) p`);
      return (r.rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n');
    });
    console.log(
      `\nPlan of a year's distinct patients completed (counted at report time; the sums come from the daily rollup), as clinic_app under RLS:\n${plan}`,
    );
  } finally {
    agent.destroy();
    await app.close();
    await test.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runAnalyticsBench();
}
