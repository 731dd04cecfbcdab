/**
 * Load benchmark: BENCH_LOAD_DURATION_MS (60000) at BENCH_LOAD_CONCURRENCY (50)
 * concurrent clients against the real server process on PostgreSQL, mixing staff reads, kiosk
 * check-ins and queue actions. Passes only with zero 5xx and zero errors (any answer that is not
 * the expected 2xx, or a failed connection); prints p50/p95/p99 per operation.
 *
 * Needs DATABASE_URL: it creates a fresh database there (and drops it), loads the demo
 * organization, and starts `apps/server/src/main.ts` on it on a loopback port with
 * TRUST_PROXY=loopback, so each kiosk and board request can name its own client address in
 * X-Forwarded-For, as kiosks behind a proxy would: the per-address limits (30 check-ins and 120
 * board reads a minute) stay as in production, and no client passes them.
 *
 * Each client is a closed loop (its next request when the previous one answered). Per iteration it
 * picks: a check-in (30%, with its own Idempotency-Key; a queue action instead while it has
 * OPEN_PER_CLIENT entries open), a queue action on an entry it checked in (30%: start the oldest
 * waiting one or complete the oldest started one; a read when it has none), or a read (waiting
 * room, its stats, the dashboard, the public board). So at most 2 x clients entries are open.
 *
 * Then each operation runs alone for BENCH_LOAD_OP_PASS_MS (5000) with the same clients (reads,
 * check-ins, then starts and completes of those check-ins), and the CPU of the server process and
 * of the database's backends (/proc) per request, alone and as a share of the mix's CPU, is
 * printed (`load-cpu.ts`), with the goals: >= 300 req/s mixed, p99 <= 1000 ms, no error. Last it
 * checks the database: one entry per acknowledged check-in, queue numbers unique.
 */
import { sql } from 'drizzle-orm';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoPostgres } from './demo-database.js';
import { printGoals, printMachineLoad } from './goals.js';
import { cpuSince, printCpuByOperation, type SoloPass } from './load-cpu.js';
import { freePort, percentiles, request, startServer, stopServer, tail, type Answer } from './server-process.js';

const env = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const DURATION_MS = env('BENCH_LOAD_DURATION_MS', 60_000);
const CONCURRENCY = env('BENCH_LOAD_CONCURRENCY', 50);
/** Each operation alone after the mixed run, for its CPU per request. */
const OP_PASS_MS = env('BENCH_LOAD_OP_PASS_MS', 5_000);
/** Open entries (waiting or started) a client keeps at most: the waiting room stays a busy clinic's, not a backlog. */
const OPEN_PER_CLIENT = 2;
const STAFF = ['nurse@demo.clinic', 'doctor@demo.clinic', 'manager@demo.clinic'];

export type Op = 'check-in' | 'start' | 'complete' | 'waiting room' | 'queue stats' | 'dashboard' | 'public board';
export const OPS: Op[] = ['check-in', 'start', 'complete', 'waiting room', 'queue stats', 'dashboard', 'public board'];

export interface OpStats {
  latencies: number[];
  status5xx: number;
  errors: number;
  firstError?: string;
}

/** The bearer tokens of the staff the mix's clients act as, signed in on the server at `port`. */
export async function signInStaff(agent: http.Agent, port: number): Promise<string[]> {
  const tokens: string[] = [];
  for (const email of STAFF) {
    const a = await request(agent, port, 'POST', '/api/auth/sign-in', {}, { email, password: 'demo-password' });
    if (a.status !== 200) throw new Error(`sign-in of ${email}: ${a.status}`);
    tokens.push(String(a.body!.token));
  }
  return tokens;
}

/** A client's own entries (case ids) and requests sent so far: kept from one run to the next when passed in. */
export interface ClientQueue {
  waiting: string[];
  inProgress: string[];
  sent: number;
}

/** What one run of the mix measured: per operation, and the check-ins acknowledged (case id -> queue number). */
export interface MixResult {
  stats: Map<Op, OpStats>;
  acknowledged: Map<string, number>;
  elapsed: number;
  /** Each client's entries at the end of the run. */
  queues: ClientQueue[];
}

/** One pick of the mix for a client with `waiting` and `inProgress` entries (see the header). */
function mixPick(waiting: number, inProgress: number): Op {
  const open = waiting + inProgress;
  let pick = Math.random();
  if (pick < 0.3 && open >= OPEN_PER_CLIENT) pick = 0.3; // a queue action instead
  if (pick < 0.3) return 'check-in';
  if (pick < 0.6 && open > 0) return waiting && (!inProgress || Math.random() < 0.5) ? 'start' : 'complete';
  const r = Math.random();
  return r < 0.35 ? 'waiting room' : r < 0.6 ? 'queue stats' : r < 0.8 ? 'dashboard' : 'public board';
}

/**
 * `concurrency` closed-loop clients running the mix for `durationMs`, as `tokens`' staff; each
 * request goes to the next of `ports` in turn (one port: one server).
 */
export async function runMix(
  agent: http.Agent,
  ports: number[],
  tokens: string[],
  concurrency: number,
  durationMs: number,
  /** `only`: every client sends that operation alone (a start or complete: until it has no entry for it); `queues`: the clients' entries from an earlier run. */
  options: { only?: Op; queues?: ClientQueue[] } = {},
): Promise<MixResult> {
  const queues = options.queues ?? [];
  const stats = new Map<Op, OpStats>(OPS.map((op) => [op, { latencies: [], status5xx: 0, errors: 0 }]));
  const acknowledged = new Map<string, number>(); // case id -> queue number
  let turn = 0;
  const nextPort = () => ports[turn++ % ports.length];
  const record = (op: Op, t0: number, answer: Answer | Error, expected: number) => {
    const s = stats.get(op)!;
    s.latencies.push(performance.now() - t0);
    if (answer instanceof Error) {
      s.errors += 1;
      s.firstError ??= answer.message;
    } else if (answer.status !== expected) {
      if (answer.status >= 500) s.status5xx += 1;
      s.errors += 1;
      s.firstError ??= `${answer.status} ${JSON.stringify(answer.body)}`;
    }
  };
  const timed = async (op: Op, expected: number, send: () => Promise<Answer>): Promise<Answer | null> => {
    const t0 = performance.now();
    const answer = await send().catch((e: Error) => e);
    record(op, t0, answer, expected);
    return answer instanceof Error || answer.status !== expected ? null : answer;
  };

  const started = performance.now();
  const end = started + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      const auth = { authorization: `Bearer ${tokens[w % tokens.length]}` };
      const client = (queues[w] ??= { waiting: [], inProgress: [], sent: 0 });
      const { waiting, inProgress } = client;
      // Every kiosk or board request comes from its own address (10.<client>.x.y) through the proxy.
      const forwarded = () => {
        const n = (client.sent += 1);
        return { 'x-forwarded-for': `10.${w}.${(n >> 8) & 255}.${n & 255}` };
      };
      while (performance.now() < end) {
        const op = options.only ?? mixPick(waiting.length, inProgress.length);
        if ((op === 'start' && !waiting.length) || (op === 'complete' && !inProgress.length)) break;
        if (op === 'check-in') {
          const n = client.sent + 1;
          const a = await timed('check-in', 201, () =>
            request(
              agent,
              nextPort(),
              'POST',
              '/api/triage/case',
              { ...forwarded(), 'idempotency-key': crypto.randomUUID() },
              {
                firstName: 'Load',
                lastName: `Client${w}-${n}`,
                chiefComplaint: n % 5 === 0 ? 'Chest pain and shortness of breath' : 'Cough and fever',
                symptoms: ['cough'],
                painLevel: n % 10,
              },
            ),
          );
          if (a) {
            const c = a.body as { case: { id: string }; queueNumber: number };
            acknowledged.set(c.case.id, c.queueNumber);
            waiting.push(c.case.id);
          }
        } else if (op === 'start') {
          const id = waiting.shift()!;
          if (await timed('start', 200, () => request(agent, nextPort(), 'POST', `/api/triage/waiting-room/${id}/start`, auth, {})))
            inProgress.push(id);
        } else if (op === 'complete') {
          const id = inProgress.shift()!;
          await timed('complete', 200, () => request(agent, nextPort(), 'POST', `/api/triage/waiting-room/${id}/complete`, auth, {}));
        } else if (op === 'waiting room') await timed(op, 200, () => request(agent, nextPort(), 'GET', '/api/triage/waiting-room', auth));
        else if (op === 'queue stats') await timed(op, 200, () => request(agent, nextPort(), 'GET', '/api/triage/waiting-room/stats', auth));
        else if (op === 'dashboard') await timed(op, 200, () => request(agent, nextPort(), 'GET', '/api/dashboard/stats', auth));
        else await timed(op, 200, () => request(agent, nextPort(), 'GET', '/api/triage/cds-queue/public', forwarded()));
      }
    }),
  );
  return { stats, acknowledged, elapsed: performance.now() - started, queues };
}

export async function runLoadBench() {
  printMachineLoad('load');
  const test = await demoPostgres('load');
  if (!test) return;
  const logFile = join(mkdtempSync(join(tmpdir(), 'clinic-load-')), 'server.log');
  const port = await freePort();
  const server = await startServer(port, { DATABASE_URL: test.url!, TRUST_PROXY: 'loopback', NODE_ENV: 'development' }, logFile);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + 5 });
  let failed = false;
  try {
    const tokens = await signInStaff(agent, port);
    const databaseName = new URL(test.url!).pathname.slice(1);
    const mixedCpu = cpuSince(server.child.pid, databaseName);
    const { stats, acknowledged, elapsed, queues } = await runMix(agent, [port], tokens, CONCURRENCY, DURATION_MS);
    const mixed = mixedCpu();
    // Each operation alone, the reads first (on the waiting room the mix left), then check-ins,
    // then starts and completes of the entries the clients checked in.
    const passes: SoloPass[] = [];
    let passErrors = 0;
    for (const op of ['waiting room', 'queue stats', 'dashboard', 'public board', 'check-in', 'start', 'complete'] as const) {
      const passCpu = cpuSince(server.child.pid, databaseName);
      const pass = await runMix(agent, [port], tokens, CONCURRENCY, OP_PASS_MS, { only: op, queues });
      const cpu = passCpu();
      for (const [id, number] of pass.acknowledged) acknowledged.set(id, number);
      const s = pass.stats.get(op)!;
      passErrors += s.errors;
      if (s.firstError) console.log(`  ${op} alone, first error: ${s.firstError.slice(0, 300)}`);
      passes.push({ op, mixedCount: stats.get(op)!.latencies.length, count: s.latencies.length, elapsedMs: pass.elapsed, cpu });
    }

    // The database after the run: one entry per acknowledged check-in, queue numbers unique.
    const entries = (await test.database.db.execute(sql`select id, queue_number from queue_entries where first_name = 'Load' and source = 'kiosk'`))
      .rows as Array<{ id: string; queue_number: number }>;
    const duplicates = (
      await test.database.db.execute(
        sql`select organization_id, clinic_id, queue_date, queue_number from queue_entries
            group by 1, 2, 3, 4 having count(*) > 1`,
      )
    ).rows;
    const missing = [...acknowledged].filter(([id, number]) => !entries.some((e) => e.id === id && e.queue_number === number));

    let total = 0;
    let total5xx = 0;
    let totalErrors = 0;
    const all: number[] = [];
    console.log(
      `\nLoad: ${CONCURRENCY} concurrent clients for ${(DURATION_MS / 1000).toFixed(0)} s on PostgreSQL (one server process, pool of 10)`,
    );
    console.log('  operation        count   req/s    p50 ms   p95 ms   p99 ms   max ms   5xx  errors');
    for (const op of OPS) {
      const s = stats.get(op)!;
      const p = percentiles(s.latencies);
      total += p.count;
      total5xx += s.status5xx;
      totalErrors += s.errors;
      all.push(...s.latencies);
      console.log(
        `  ${op.padEnd(15)} ${String(p.count).padStart(6)} ${((p.count / elapsed) * 1000).toFixed(1).padStart(7)} ${p.p50.toFixed(1).padStart(9)} ${p.p95
          .toFixed(1)
          .padStart(
            8,
          )} ${p.p99.toFixed(1).padStart(8)} ${p.max.toFixed(1).padStart(8)} ${String(s.status5xx).padStart(5)} ${String(s.errors).padStart(7)}`,
      );
      if (s.firstError) console.log(`    first error: ${s.firstError.slice(0, 300)}`);
    }
    const p = percentiles(all);
    console.log(
      `  ${'all'.padEnd(15)} ${String(total).padStart(6)} ${((total / elapsed) * 1000).toFixed(1).padStart(7)} ${p.p50.toFixed(1).padStart(9)} ${p.p95
        .toFixed(1)
        .padStart(
          8,
        )} ${p.p99.toFixed(1).padStart(8)} ${p.max.toFixed(1).padStart(8)} ${String(total5xx).padStart(5)} ${String(totalErrors).padStart(7)}`,
    );
    console.log(
      `  check-ins acknowledged ${acknowledged.size}, entries in the database ${entries.length}, missing ${missing.length}, duplicate queue numbers ${duplicates.length}`,
    );
    printCpuByOperation(mixed, total, passes);
    if (passErrors) console.log(`  errors in the passes alone: ${passErrors}`);
    failed =
      total5xx > 0 || totalErrors > 0 || passErrors > 0 || missing.length > 0 || entries.length !== acknowledged.size || duplicates.length > 0;
    printGoals([
      { what: `mixed load throughput at ${CONCURRENCY} clients`, value: (total / elapsed) * 1000, unit: 'req/s', op: '>=', target: 300 },
      { what: 'mixed load p99', value: p.p99, unit: 'ms', op: '<=', target: 1000 },
      { what: 'errors, mixed run and passes alone', value: totalErrors + passErrors, unit: 'errors', op: '<=', target: 0 },
    ]);
  } finally {
    agent.destroy();
    const code = await stopServer(server);
    if (failed || code !== 0) console.log(`  server exit ${code}; last lines of ${logFile}:\n${tail(logFile)}`);
    await test.drop();
  }
  if (failed) throw new Error('load bench: 5xx answers, errors or a database check failed (see above)');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runLoadBench();
}
