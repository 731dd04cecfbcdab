/**
 * Emergency room benchmark. Needs PostgreSQL (DATABASE_URL): it creates its own database.
 *
 * `GET /api/emergency-dashboard/dashboard` with 500 open entries in the clinic, 2,000 vitals
 * records (VITALS risk assessments, 4 per entry) and an alert for every fifth entry: p50/p95 and
 * throughput, next to the bare queries of the same rows (open entries, their assessments, the
 * clinic's alerts, one statement each) through the same database; then a poll of the board with
 * the Vital Signs tab open (the dashboard and the vitals section at once, as the page reads them)
 * and each section's own reload. Bounded in count and time.
 * Prints the round trips of one request with their statements; `BENCH_CPU_PROFILE=<folder>` saves
 * a V8 CPU profile of the API run (`bench/profile-summary.ts` summarizes it), `BENCH_EXPLAIN=1`
 * prints `EXPLAIN (ANALYZE, BUFFERS)` of each of the request's selects as `clinic_app` under RLS.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { demoPostgres, demoSignIn } from './demo-database.js';
import { printGoals, printMachineLoad } from './goals.js';
import { profiled } from './patients/measure.js';
import { fmt, printAgainstBaseline, summary, timed } from './timing.js';

const ENTRIES = 500;
const VITALS_PER_ENTRY = 4;
const RUNS = 40;

/**
 * The database round trips (node-postgres `query` calls, statements shortened) while `recording`
 * holds a list: installed before the app opens its connections, which keep the `query` they found.
 */
interface Sent {
  text: string;
  values: unknown[];
}
const recorder: { recording: Sent[] | null } = { recording: null };
function recordRoundTrips() {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string; values?: unknown[] };
    const text = typeof q === 'string' ? q : (q.text ?? '');
    const values = (typeof q === 'object' && q.values) || (Array.isArray(args[1]) ? args[1] : []);
    recorder.recording?.push({ text, values });
    return original.apply(this, args);
  };
}
async function roundTrips(run: () => Promise<unknown>): Promise<Sent[]> {
  const seen: Sent[] = [];
  recorder.recording = seen;
  try {
    await run();
  } finally {
    recorder.recording = null;
  }
  return seen;
}

/** With `BENCH_EXPLAIN=1`: `EXPLAIN (ANALYZE, BUFFERS)` of each select of the request, as `clinic_app` under RLS. */
async function explainAll(pool: pg.Pool, trips: Sent[]) {
  const client = await pool.connect();
  try {
    for (const { text, values } of trips) {
      if (!/^\s*(select|with)\b/i.test(text) || text.includes('; ')) continue;
      await client.query(`begin; select set_config('app.organization_id', 'default-clinic', true), set_config('role', 'clinic_app', true)`);
      const plan = await client.query(`explain (analyze, buffers, costs off) ${text}`, values);
      await client.query('rollback');
      console.log(`\n--- ${text.replace(/\s+/g, ' ').slice(0, 200)}`);
      for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
    }
  } finally {
    client.release();
  }
}

export async function runEmergencyBench() {
  printMachineLoad('emergency');
  recordRoundTrips();
  const test = await demoPostgres('emergency');
  if (!test) return;
  const db = test.database.db;
  await db.execute(sql`
    insert into queue_entries (organization_id, id, clinic_id, queue_date, queue_number, source, department, status,
      first_name, last_name, age, chief_complaint, symptoms, risk_score, vital_signs, created_at, started_at)
    select 'default-clinic', 'bench-' || g, 'default-clinic', current_date, g, 'kiosk', 'general',
      case when g % 5 = 0 then 'in-progress' else 'waiting' end,
      'Bench', 'Patient' || g, case when g % 10 = 0 then 6 else 20 + g % 70 end,
      case when g % 7 = 0 then 'chest pain' else 'cough' end, array['fever', 'headache'], (g * 37) % 101,
      jsonb_build_object('heartRate', 70 + g % 60, 'oxygenSaturation', 90 + g % 10, 'respiratoryRate', 12 + g % 16),
      now() - (g % 240 || ' minutes')::interval,
      case when g % 5 = 0 then now() - (g % 30 || ' minutes')::interval end
    from generate_series(1, ${ENTRIES}) g`);
  await db.execute(sql`
    insert into emergency_risk_assessments (organization_id, id, clinic_id, queue_entry_id, assessment_type, risk_score,
      risk_level, news2_score, risk_factors, recommendations, vitals, created_at)
    select 'default-clinic', 'bench-a-' || g || '-' || r, 'default-clinic', 'bench-' || g, 'VITALS', (g * 37) % 101, 'HIGH', 3,
      '["Tachycardia: Heart rate 110 bpm"]'::jsonb, '["Cardiac monitoring"]'::jsonb,
      jsonb_build_object('heartRate', 70 + (g + r) % 60, 'oxygenSaturation', 90 + (g + r) % 10, 'bloodPressure',
        jsonb_build_object('systolic', 110 + r, 'diastolic', 70)),
      now() - ((5 - r) * 10 || ' minutes')::interval
    from generate_series(1, ${ENTRIES}) g, generate_series(1, ${VITALS_PER_ENTRY}) r`);
  await db.execute(sql`
    insert into emergency_alerts (organization_id, id, clinic_id, type, cause, subject_id, severity, priority, status, message,
      queue_entry_id, created_at)
    select 'default-clinic', 'bench-alert-' || g, 'default-clinic', 'HIGH_RISK', 'HIGH_RISK', 'bench-' || g, 'CRITICAL', 1, 'ACTIVE',
      'Risk score above 80', 'bench-' || g, now() - (g % 60 || ' minutes')::interval
    from generate_series(5, ${ENTRIES}, 5) g`);
  // Statistics of the loaded tables, as autovacuum gathers them within a minute of such a load: without
  // them the planner takes the tables for near empty and joins them by nested loops.
  await db.execute(sql`analyze queue_entries, emergency_risk_assessments, emergency_alerts, emergency_entry_details`);

  const app = await buildApp({ database: test.appDatabase, webDist: '/nonexistent' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const pool = new pg.Pool({ connectionString: test.url, max: 2 });
  try {
    const headers = await demoSignIn(base, 'nurse@demo.clinic');

    const bare = async () => {
      const open = await pool.query(
        `select * from queue_entries where organization_id = $1 and clinic_id = $1 and status in ('waiting', 'in-progress')`,
        ['default-clinic'],
      );
      await pool.query(`select * from emergency_risk_assessments where organization_id = $1 and queue_entry_id = any($2)`, [
        'default-clinic',
        open.rows.map((r) => r.id),
      ]);
      await pool.query(`select * from emergency_alerts where organization_id = $1 and clinic_id = $1`, ['default-clinic']);
    };
    for (let i = 0; i < 5; i += 1) await bare();
    const baseline: number[] = [];
    for (let i = 0; i < RUNS; i += 1) baseline.push(await timed(bare));

    const dashboard = async () => {
      const res = await fetch(`${base}/api/emergency-dashboard/dashboard`, { headers });
      const body = await res.json();
      if (!body.success || body.data.highRiskPatients.length === 0) throw new Error('dashboard returned no high-risk patients');
    };
    const vitalsTab = async () => {
      const [, res] = await Promise.all([dashboard(), fetch(`${base}/api/emergency-dashboard/vitals`, { headers })]);
      const body = await res.json();
      if (!body.success || body.vitals.length < ENTRIES) throw new Error('vitals section returned too few records');
    };
    for (let i = 0; i < 3; i += 1) await dashboard();
    const api: number[] = [];
    const cpu0 = process.cpuUsage();
    await profiled('emergency-dashboard', async () => {
      for (let i = 0; i < RUNS; i += 1) api.push(await timed(dashboard));
    });
    const cpu = process.cpuUsage(cpu0);

    console.log(
      `\nEmergency room: GET /api/emergency-dashboard/dashboard, ${ENTRIES} open entries, ${ENTRIES * VITALS_PER_ENTRY} vitals records (${RUNS} sequential requests)`,
    );
    printAgainstBaseline('bare queries', baseline, api);
    console.log(`  Node CPU per request (server and client): ${fmt((cpu.user + cpu.system) / RUNS / 1000)} ms`);
    const trips = await roundTrips(dashboard);
    console.log(`  round trips of one dashboard request: ${trips.length}`);
    for (const { text } of trips) console.log(`    ${text.replace(/\s+/g, ' ').slice(0, 140)}`);
    if (process.env.BENCH_EXPLAIN) await explainAll(pool, trips);
    const onVitals: number[] = [];
    for (let i = 0; i < RUNS; i += 1) onVitals.push(await timed(vitalsTab));
    const tab = summary(onVitals);
    console.log(`  the board with Vital Signs open (dashboard and vitals section at once): p50 ${fmt(tab.p50)} ms  p95 ${fmt(tab.p95)} ms`);

    // Where the time goes: each section's own reload, 10 requests each.
    for (const section of [
      'alerts',
      'patients/high-risk',
      'protocols',
      'vitals',
      'risk-assessments',
      'pediatric',
      'mass-casualty',
      'metrics',
      'integrations',
    ]) {
      const runs: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 10; i += 1)
        runs.push(
          await timed(async () => {
            const text = await fetch(`${base}/api/emergency-dashboard/${section}`, { headers }).then((r) => r.text());
            bytes = Buffer.byteLength(text);
            JSON.parse(text);
          }),
        );
      console.log(`  section ${section.padEnd(20)} p50 ${fmt(summary(runs).p50)} ms  ${fmt(bytes / 1000)} kB of JSON`);
    }
    printGoals([{ what: 'dashboard p95', value: summary(api).p95, unit: 'ms', op: '<=', target: 50 }]);
  } finally {
    await pool.end();
    await app.close();
    await test.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runEmergencyBench();
}
