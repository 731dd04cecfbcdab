/**
 * Cluster benchmark: three instances of the real server process (`apps/server/src/main.ts`, as in
 * the load benchmark) on one fresh PostgreSQL database with the demo seed, and a client that goes
 * round them. It checks what must hold whichever instance a request reaches, each a PASS or FAIL
 * line (any FAIL fails the run, exit 1):
 *
 * 1. the 31st kiosk check-in of one address in a minute is refused (429) on every instance, after
 *    30 spread round-robin over the three were accepted (the counts live in PostgreSQL);
 * 2. a session signed out on one instance is refused (401) on the others, which had just
 *    answered with it (each instance keeps sessions it read, dropped on `access_changed`);
 * 3. an `Idempotency-Key` replayed on another instance answers the first answer (same status and
 *    body, `Idempotent-Replayed: true`) and the database holds one entry and one key;
 * 4. a check-in on one instance reaches an event stream (`GET /api/events`) on each of the three
 *    as `queue.updated` within EVENT_TIMEOUT_MS.
 *
 * Then throughput: the load benchmark's closed-loop mix (`runMix` of load.bench.ts) for
 * BENCH_DURATION_MS (20000) with BENCH_CONCURRENCY (50) clients, against one instance and then
 * round-robin against the three, after a warm-up of the mix over all three and each from an
 * empty waiting room (open entries closed through the API): req/s, p50 and p99, the servers' CPU
 * per request, and (a fifth check) no errors, every acknowledged check-in in the database once,
 * queue numbers unique.
 * Every kiosk and board request names its client address in X-Forwarded-For (TRUST_PROXY=loopback).
 */
import { sql } from 'drizzle-orm';
import http from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { TestDatabase } from '../apps/server/src/test/harness.js';
import { openEventStream } from '../apps/server/src/test/harness.js';
import { demoPostgres } from './demo-database.js';
import { printMachineLoad } from './goals.js';
import { runMix, signInStaff, type MixResult } from './load.bench.js';
import { freePort, percentiles, request, startServer, stopServer, tail, type Answer, type ServerProcess } from './server-process.js';
import { fmt } from './timing.js';

const env = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const INSTANCES = 3;
const DURATION_MS = env('BENCH_DURATION_MS', 20_000);
const CONCURRENCY = env('BENCH_CONCURRENCY', 50);
/** Kiosk check-ins one address may send a minute (`KIOSK_LIMIT_PER_MINUTE` of kiosk.routes.ts). */
const KIOSK_LIMIT = 30;
const EVENT_TIMEOUT_MS = 5_000;
/** The mix over every instance before the measured runs (its errors count in the mix's check). */
const WARM_UP_MS = Math.min(5_000, DURATION_MS / 4);

interface Check {
  what: string;
  pass: boolean;
  detail: string;
}

/** The instances under test and what the checks share. */
interface Cluster {
  agent: http.Agent;
  ports: number[];
  test: TestDatabase;
}

const checkInBody = (lastName: string) => ({
  firstName: 'Cluster',
  lastName,
  chiefComplaint: 'Cough and fever',
  symptoms: ['cough'],
  painLevel: 3,
});

const checkIn = (c: Cluster, port: number, address: string, lastName: string, headers: Record<string, string> = {}) =>
  request(c.agent, port, 'POST', '/api/triage/case', { 'x-forwarded-for': address, ...headers }, checkInBody(lastName));

const count = async (c: Cluster, query: ReturnType<typeof sql>) => Number((await c.test.database.db.execute(query)).rows[0].n);

/** 1. The kiosk limit of one address holds across the instances. */
async function rateLimitAcross(c: Cluster): Promise<Check> {
  const address = '10.250.0.1';
  const accepted: number[] = [];
  for (let i = 0; i < KIOSK_LIMIT; i += 1) accepted.push((await checkIn(c, c.ports[i % c.ports.length], address, `Limit${i}`)).status);
  const refused: number[] = [];
  for (const port of c.ports) refused.push((await checkIn(c, port, address, 'LimitOver')).status);
  return {
    what: `the ${KIOSK_LIMIT + 1}st kiosk check-in of one address in a minute is refused whichever instance takes it`,
    pass: accepted.every((s) => s === 201) && refused.every((s) => s === 429),
    detail: `${accepted.filter((s) => s === 201).length}/${KIOSK_LIMIT} round-robin accepted; the next on each instance: ${refused.join(', ')}`,
  };
}

/** 2. A sign-out on one instance ends the session on the others. */
async function signOutAcross(c: Cluster): Promise<Check> {
  const [a, ...others] = c.ports;
  const signIn = await request(c.agent, a, 'POST', '/api/auth/sign-in', {}, { email: 'doctor@demo.clinic', password: 'demo-password' });
  const setCookie = [signIn.headers['set-cookie'] ?? []].flat().find((h) => h.startsWith('session_id='));
  if (signIn.status !== 200 || !setCookie)
    return { what: 'sign-out', pass: false, detail: `sign-in answered ${signIn.status}, cookie ${setCookie}` };
  const cookie = { cookie: setCookie.split(';')[0] };
  const session = (port: number) => request(c.agent, port, 'GET', '/api/auth/session', cookie).then((r) => r.status);
  // Twice on each other instance, so that each has read the session and keeps it.
  const before: number[] = [];
  for (const port of others) before.push(await session(port), await session(port));
  const signOut = await request(c.agent, a, 'POST', '/api/auth/sign-out', cookie);
  const after: number[] = [];
  for (const port of others) after.push(await session(port));
  return {
    what: 'a session signed out on one instance is refused on the others',
    pass: before.every((s) => s === 200) && signOut.status === 200 && after.every((s) => s === 401),
    detail: `with the cookie on instances 2 and 3: ${before.join(', ')}; sign-out on instance 1: ${signOut.status}; then on 2 and 3: ${after.join(', ')}`,
  };
}

/** 3. An Idempotency-Key replayed on another instance answers the first answer. */
async function replayAcross(c: Cluster): Promise<Check> {
  const key = crypto.randomUUID();
  const lastName = `Replay${key.slice(0, 8)}`;
  const headers = { 'idempotency-key': key };
  const first = await checkIn(c, c.ports[0], '10.251.0.1', lastName, headers);
  const second: Answer = await checkIn(c, c.ports[1], '10.251.0.1', lastName, headers);
  const replayed = second.headers['idempotent-replayed'];
  const entries = await count(c, sql`select count(*)::int as n from queue_entries where last_name = ${lastName}`);
  const keys = await count(c, sql`select count(*)::int as n from idempotency_keys where key = ${key}`);
  return {
    what: 'an Idempotency-Key replayed on another instance answers the first answer',
    pass:
      first.status === 201 &&
      second.status === first.status &&
      isDeepStrictEqual(second.body, first.body) &&
      replayed === 'true' &&
      entries === 1 &&
      keys === 1,
    detail: `instance 1: ${first.status}; instance 2: ${second.status}, same body ${isDeepStrictEqual(second.body, first.body)}, Idempotent-Replayed ${replayed}; entries ${entries}, keys ${keys}`,
  };
}

/** 4. A queue event reaches the subscribers of every instance. */
async function eventsAcross(c: Cluster, token: string): Promise<Check> {
  const headers = { authorization: `Bearer ${token}` };
  const streams = await Promise.all(c.ports.map((port) => openEventStream(`http://127.0.0.1:${port}`, headers)));
  try {
    if (streams.some((s) => s.status !== 200)) {
      return { what: 'queue events', pass: false, detail: `streams answered ${streams.map((s) => s.status).join(', ')}` };
    }
    // Subscribed once `ready` has arrived.
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'ready', EVENT_TIMEOUT_MS)));
    const t0 = performance.now();
    const created = await checkIn(c, c.ports[1], '10.252.0.1', 'Event');
    const id = (created.body as { case?: { id: string } } | null)?.case?.id;
    const arrivals = await Promise.all(
      streams.map((s) =>
        s
          .next((e) => e.event === 'queue.updated' && e.data.entityId === id, EVENT_TIMEOUT_MS)
          .then(
            () => `${fmt(performance.now() - t0, 0)} ms`,
            () => 'none',
          ),
      ),
    );
    return {
      what: 'a queue event reaches the subscribers of every instance',
      pass: created.status === 201 && arrivals.every((a) => a !== 'none'),
      detail: `check-in on instance 2: ${created.status}; queue.updated on instances 1, 2, 3 after ${arrivals.join(', ')} (within ${EVENT_TIMEOUT_MS} ms)`,
    };
  } finally {
    streams.forEach((s) => s.close());
  }
}

/** User and system CPU time of a process so far, in ms (Linux `/proc`). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime: fields 14 and 15, at 100 ticks a second
}

interface Throughput {
  label: string;
  result: MixResult;
  cpuMs: number;
}

/**
 * Closes every open queue entry through the API (cancels the waiting, completes the started), so
 * that each run starts with an empty waiting room rather than the one the run before left.
 */
async function closeOpenEntries(c: Cluster, token: string): Promise<void> {
  const open = (await c.test.database.db.execute(sql`select id, status from queue_entries where status in ('waiting', 'in-progress')`))
    .rows as Array<{
    id: string;
    status: string;
  }>;
  const auth = { authorization: `Bearer ${token}` };
  for (let i = 0; i < open.length; i += 10) {
    const answers = await Promise.all(
      open
        .slice(i, i + 10)
        .map(({ id, status }) =>
          request(c.agent, c.ports[0], 'POST', `/api/triage/waiting-room/${id}/${status === 'waiting' ? 'cancel' : 'complete'}`, auth, {}),
        ),
    );
    const refused = answers.find((a) => a.status !== 200);
    if (refused) throw new Error(`closing an open entry: ${refused.status} ${JSON.stringify(refused.body)}`);
  }
}

/** One run of the mix over `ports` from an empty waiting room, with the CPU the servers spent on it. */
async function measure(c: Cluster, servers: ServerProcess[], label: string, ports: number[], tokens: string[]): Promise<Throughput> {
  await closeOpenEntries(c, tokens[2]);
  const cpu = () => servers.reduce((sum, s) => sum + cpuMs(s.child.pid!), 0);
  const before = cpu();
  const result = await runMix(c.agent, ports, tokens, CONCURRENCY, DURATION_MS);
  return { label, result, cpuMs: cpu() - before };
}

const requests = (r: Throughput) => [...r.result.stats.values()].reduce((n, s) => n + s.latencies.length, 0);
const perSecond = (r: Throughput) => (requests(r) / r.result.elapsed) * 1000;

function printThroughput(runs: Throughput[]): number {
  console.log(
    `\nThroughput: the load benchmark's mix, ${CONCURRENCY} concurrent clients for ${fmt(DURATION_MS / 1000, 0)} s a run, after ${fmt(WARM_UP_MS / 1000, 0)} s` +
      ' of it over every instance; each run starts from an empty waiting room',
  );
  console.log('  run                          requests   req/s   p50 ms   p99 ms  server CPU µs/req  errors');
  let errors = 0;
  for (const { label, result, cpuMs } of runs) {
    const all = [...result.stats.values()].flatMap((s) => s.latencies);
    const failed = [...result.stats.values()].reduce((n, s) => n + s.errors, 0);
    errors += failed;
    const p = percentiles(all);
    console.log(
      `  ${label.padEnd(28)} ${String(p.count).padStart(8)} ${fmt((p.count / result.elapsed) * 1000, 1).padStart(7)} ${fmt(p.p50, 1).padStart(8)} ${fmt(p.p99, 1).padStart(8)} ${fmt((cpuMs * 1000) / p.count, 0).padStart(18)} ${String(failed).padStart(7)}`,
    );
    for (const [op, s] of result.stats) if (s.firstError) console.log(`    ${op}, first error: ${s.firstError.slice(0, 300)}`);
  }
  return errors;
}

export async function runClusterBench() {
  printMachineLoad('cluster');
  const test = await demoPostgres('cluster');
  if (!test) return;
  const dir = mkdtempSync(join(tmpdir(), 'clinic-cluster-'));
  const servers: ServerProcess[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + 5 });
  let failed = false;
  try {
    for (let i = 1; i <= INSTANCES; i += 1) {
      const env = { DATABASE_URL: test.url!, TRUST_PROXY: 'loopback', NODE_ENV: 'development' };
      servers.push(await startServer(await freePort(), env, join(dir, `server-${i}.log`)));
    }
    const c: Cluster = { agent, ports: servers.map((s) => s.port), test };
    console.log(`\nCluster: ${INSTANCES} server processes on one PostgreSQL database (ports ${c.ports.join(', ')})`);
    const tokens = await signInStaff(agent, c.ports[0]);

    const checks: Check[] = [];
    const run = async (what: string, check: () => Promise<Check>) => {
      checks.push(await check().catch((err: Error) => ({ what, pass: false, detail: `error: ${err.message}` })));
      const last = checks[checks.length - 1];
      console.log(`  ${last.pass ? 'PASS' : 'FAIL'}  ${last.what}\n        ${last.detail}`);
    };
    await run('kiosk limit', () => rateLimitAcross(c));
    await run('sign-out', () => signOutAcross(c));
    await run('idempotency', () => replayAcross(c));
    await run('queue events', () => eventsAcross(c, tokens[0]));

    // Every instance's first requests (compiling, first connections, first reads) before any figure.
    const warmUp = await runMix(agent, c.ports, tokens, CONCURRENCY, WARM_UP_MS);
    const runs = [
      await measure(c, servers, 'one instance', [c.ports[0]], tokens),
      await measure(c, servers, `${INSTANCES} instances, round-robin`, c.ports, tokens),
    ];
    const warmUpErrors = [...warmUp.stats.values()].reduce((n, s) => n + s.errors, 0);
    for (const [op, s] of warmUp.stats) if (s.firstError) console.log(`  warm-up ${op}, first error: ${s.firstError.slice(0, 300)}`);
    const errors = printThroughput(runs) + warmUpErrors;
    const [one, many] = runs.map(perSecond);
    const [cpuOne, cpuMany] = runs.map((r) => r.cpuMs / requests(r));
    console.log(
      `  ${INSTANCES} instances / one: x${fmt(many / one)} the requests a second, x${fmt(cpuMany / cpuOne)} the servers' CPU per request.` +
        ` On ${cpus().length} cores ${INSTANCES} instances are not faster than one (a ratio near 1 is this machine's noise):` +
        ` they share the same cores with each other and with PostgreSQL, and three event loops, pools and caches,` +
        ' each warmed by a third of the requests, cost more CPU per request than one.' +
        ' Instances add availability (one can stop or restart while the others answer); throughput grows only with cores for each.',
    );

    const acknowledged = new Map([warmUp, ...runs.map((r) => r.result)].flatMap((r) => [...r.acknowledged]));
    const stored = (await test.database.db.execute(sql`select id, queue_number from queue_entries where first_name = 'Load' and source = 'kiosk'`))
      .rows as Array<{ id: string; queue_number: number }>;
    const byId = new Map(stored.map((e) => [e.id, e.queue_number]));
    const missing = [...acknowledged].filter(([id, number]) => byId.get(id) !== number).length;
    const duplicates = (
      await test.database.db.execute(
        sql`select queue_number from queue_entries group by organization_id, clinic_id, queue_date, queue_number having count(*) > 1`,
      )
    ).rows.length;
    await run('mix', async () => ({
      what: 'the mix over one and three instances: no errors, every acknowledged check-in stored once, queue numbers unique',
      pass: errors === 0 && missing === 0 && stored.length === acknowledged.size && duplicates === 0,
      detail: `errors ${errors}; check-ins acknowledged ${acknowledged.size}, stored ${stored.length}, missing ${missing}; duplicate queue numbers ${duplicates}`,
    }));
    failed = checks.some((ch) => !ch.pass);
  } finally {
    agent.destroy();
    for (const [i, server] of servers.entries()) {
      const code = await stopServer(server);
      const log = join(dir, `server-${i + 1}.log`);
      if (failed || code !== 0) console.log(`  instance ${i + 1} exit ${code}; last lines of ${log}:\n${tail(log)}`);
    }
    await test.drop();
  }
  if (failed) throw new Error('cluster bench: a check failed (see FAIL above)');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runClusterBench();
}
