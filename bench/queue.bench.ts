/**
 * Queue benchmark. Needs PostgreSQL (DATABASE_URL): it creates its own database.
 *
 * 1. `GET /api/triage/waiting-room` with 500 waiting entries, p50/p95 and throughput, next to the
 *    bare single-table query of those entries through the same database (baseline).
 * 2. A kiosk check-in on instance 1 until its event reaches an SSE subscriber of instance 2, next
 *    to a bare NOTIFY from one connection to a LISTEN on another (baseline).
 * Prints the figures and the ratios; bounded in count and time, loopback only.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { connectPostgres } from '../apps/server/src/db/client.js';
import { openEventStream } from '../apps/server/src/test/harness.js';
import { demoPostgres, demoSignIn } from './demo-database.js';
import { printGoals, printMachineLoad } from './goals.js';
import { profiled } from './patients/measure.js';
import { fmt, printAgainstBaseline, summary, timed } from './timing.js';

const ENTRIES = 500;
const LIST_RUNS = 60;
const EVENT_RUNS = 30;

export async function runQueueBench() {
  printMachineLoad('queue');
  const test = await demoPostgres('queue');
  if (!test) return;
  const db = test.database.db;
  await db.execute(sql`
    insert into queue_entries (organization_id, id, clinic_id, queue_date, queue_number, source, department, status,
      first_name, last_name, age, chief_complaint, symptoms, risk_score, created_at)
    select 'default-clinic', 'bench-' || g, 'default-clinic', current_date, g, 'kiosk', 'general', 'waiting',
      'Bench', 'Patient' || g, 20 + g % 70, case when g % 7 = 0 then 'chest pain' else 'cough' end,
      array['fever', 'headache'], (g * 37) % 101, now() - (g || ' minutes')::interval
    from generate_series(1, ${ENTRIES}) g`);
  await db.execute(sql`insert into queue_counters values ('default-clinic', 'default-clinic', current_date, ${ENTRIES})`);

  const second = connectPostgres(test.appUrl!);
  const app1 = await buildApp({ database: test.appDatabase, webDist: '/nonexistent' });
  const app2 = await buildApp({ database: second, webDist: '/nonexistent' });
  const base1 = await app1.listen({ port: 0, host: '127.0.0.1' });
  const base2 = await app2.listen({ port: 0, host: '127.0.0.1' });
  try {
    const headers = await demoSignIn(base1, 'nurse@demo.clinic');

    // 1. Waiting room vs the bare query.
    const pool = new pg.Pool({ connectionString: test.url, max: 2 });
    const bare = async () =>
      pool.query(`select * from queue_entries where organization_id = $1 and clinic_id = $2 and status in ('waiting', 'in-progress')`, [
        'default-clinic',
        'default-clinic',
      ]);
    for (let i = 0; i < 5; i += 1) await bare();
    const baseline: number[] = [];
    for (let i = 0; i < LIST_RUNS; i += 1) baseline.push(await timed(bare));
    const list = async () => {
      const res = await fetch(`${base1}/api/triage/waiting-room`, { headers });
      const body = await res.json();
      if (body.patients.length < ENTRIES) throw new Error('waiting room returned too few entries');
    };
    for (let i = 0; i < 3; i += 1) await list();
    const api: number[] = [];
    const cpu0 = process.cpuUsage();
    await profiled('waiting-room', async () => {
      for (let i = 0; i < LIST_RUNS; i += 1) api.push(await timed(list));
    });
    const cpu = process.cpuUsage(cpu0);
    console.log(`\nQueue: GET /api/triage/waiting-room with ${ENTRIES} waiting entries (${LIST_RUNS} sequential requests)`);
    printAgainstBaseline('bare query', baseline, api);
    console.log(`  Node CPU per request ${fmt((cpu.user + cpu.system) / 1000 / LIST_RUNS)} ms (server and client)`);
    const stats = await timedGets(`${base1}/api/triage/waiting-room/stats`, headers);
    const board = await timedGets(`${base1}/api/triage/cds-queue/public`, {});
    console.log(`  stats        p50 ${fmt(stats.p50)} ms  p95 ${fmt(stats.p95)} ms  (GET /api/triage/waiting-room/stats)`);
    console.log(`  public board p50 ${fmt(board.p50)} ms  p95 ${fmt(board.p95)} ms  (GET /api/triage/cds-queue/public)`);
    await printRoundTrips(base1, headers);
    // The queue reads' one statement (queue-lists.ts), as the database plans it with this data.
    const plan = await db.execute(sql`explain (analyze, buffers, costs off, summary off)
      select id, status, age, symptoms, vital_signs, created_at from queue_entries
      where organization_id = 'default-clinic' and clinic_id = 'default-clinic'
        and (status in ('waiting', 'in-progress') or started_at >= now() - interval '1 day')
      order by created_at, id`);
    console.log("\nPlan of the queue reads' statement:");
    for (const row of plan.rows as Array<Record<string, string>>) console.log(`  ${Object.values(row)[0]}`);

    // 2. Kiosk check-in on instance 1 -> event on instance 2, vs a bare NOTIFY/LISTEN.
    const listener = new pg.Client({ connectionString: test.url });
    await listener.connect();
    await listener.query('LISTEN bench');
    const notifyRuns: number[] = [];
    for (let i = 0; i < EVENT_RUNS; i += 1) {
      const got = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
      notifyRuns.push(
        await timed(async () => {
          await pool.query(`select pg_notify('bench', $1)`, [String(i)]);
          await got;
        }),
      );
    }
    await listener.end();
    const stream = await openEventStream(base2, headers);
    const eventRuns: number[] = [];
    for (let i = 0; i < EVENT_RUNS; i += 1) {
      const t0 = performance.now();
      const res = await fetch(`${base1}/api/triage/case`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Event', lastName: `Run${i}`, chiefComplaint: 'Cough' }),
      });
      const id = (await res.json()).case.id;
      await stream.next((e) => e.event === 'queue.updated' && e.data.entityId === id, 5000);
      eventRuns.push(performance.now() - t0);
    }
    stream.close();
    await pool.end();
    const n = summary(notifyRuns);
    const e = summary(eventRuns);
    console.log(`\nLive update: kiosk check-in on instance 1 -> SSE subscriber on instance 2 (${EVENT_RUNS} runs)`);
    console.log(`  bare NOTIFY->LISTEN  p50 ${fmt(n.p50)} ms  p95 ${fmt(n.p95)} ms`);
    console.log(`  check-in -> event    p50 ${fmt(e.p50)} ms  p95 ${fmt(e.p95)} ms`);
    console.log(`  ratio  p50 x${fmt(e.p50 / n.p50)}  p95 x${fmt(e.p95 / n.p95)}`);
    printGoals([{ what: 'waiting room p50 vs bare', value: summary(api).p50 / summary(baseline).p50, unit: 'x', op: '<=', target: 3 }]);
  } finally {
    await app1.close();
    await app2.close();
    await second.close();
    await test.drop();
  }
}

/** p50/p95 of LIST_RUNS sequential GETs of `url` (after a warm-up). */
async function timedGets(url: string, headers: Record<string, string>) {
  const get = async () => {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 3; i += 1) await get();
  const runs: number[] = [];
  for (let i = 0; i < LIST_RUNS; i += 1) runs.push(await timed(get));
  return summary(runs);
}

/**
 * The round trips of one waiting-room, stats and board request each: every message a node-postgres
 * connection ends with a flush to the server (a simple-protocol `query`, or the `sync` of a
 * prepared statement's execution), with the statement text it carried (unnamed when it was
 * prepared before on that connection).
 */
async function printRoundTrips(base: string, headers: Record<string, string>) {
  const seen: string[] = [];
  let pending = '';
  let recording = false;
  const connection = (pg as unknown as { Connection: { prototype: Record<string, (...args: unknown[]) => unknown> } }).Connection.prototype;
  const original = { query: connection.query, parse: connection.parse, sync: connection.sync };
  const short = (text: string) => text.replace(/\s+/g, ' ').slice(0, 120);
  connection.query = function (this: unknown, ...args: unknown[]) {
    if (recording) seen.push(short(String(args[0])));
    return original.query.apply(this, args);
  };
  connection.parse = function (this: unknown, ...args: unknown[]) {
    if (recording) pending = short((args[0] as { text?: string }).text ?? '');
    return original.parse.apply(this, args);
  };
  connection.sync = function (this: unknown, ...args: unknown[]) {
    if (recording) seen.push(pending || '(prepared statement)');
    pending = '';
    return original.sync.apply(this, args);
  };
  try {
    console.log('\nRound trips to the database per request (one request alone):');
    for (const [path, h] of [
      ['/api/triage/waiting-room', headers],
      ['/api/triage/waiting-room/stats', headers],
      ['/api/triage/cds-queue/public', {}],
    ] as const) {
      seen.length = 0;
      recording = true;
      await (await fetch(`${base}${path}`, { headers: h })).arrayBuffer();
      recording = false;
      console.log(`  ${path}: ${seen.length}`);
      for (const statement of seen) console.log(`    ${statement}`);
    }
  } finally {
    Object.assign(connection, original);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runQueueBench();
}
