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
import { fmt, printAgainstBaseline, summary, timed } from './timing.js';

const ENTRIES = 500;
const LIST_RUNS = 60;
const EVENT_RUNS = 30;

export async function runQueueBench() {
  const test = await demoPostgres('queue');
  if (!test) return;
  const db = test.database.db;
  await db.execute(sql`
    insert into queue_entries (organization_id, id, clinic_id, queue_date, queue_number, source, department, status,
      first_name, last_name, age, chief_complaint, symptoms, created_at)
    select 'default-clinic', 'bench-' || g, 'default-clinic', current_date, g, 'kiosk', 'general', 'waiting',
      'Bench', 'Patient' || g, 20 + g % 70, case when g % 7 = 0 then 'chest pain' else 'cough' end,
      array['fever', 'headache'], now() - (g || ' minutes')::interval
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
    for (let i = 0; i < LIST_RUNS; i += 1) api.push(await timed(list));
    console.log(`\nQueue: GET /api/triage/waiting-room with ${ENTRIES} waiting entries (${LIST_RUNS} sequential requests)`);
    printAgainstBaseline('bare query', baseline, api);

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
  } finally {
    await app1.close();
    await app2.close();
    await second.close();
    await test.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runQueueBench();
}
