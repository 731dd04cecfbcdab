/**
 * Patient directory benchmark. Loads 100,000 patients into the demo organization's clinic
 * and 10 other organizations (100,000 each by default) with generate_series, then measures list and
 * search through the real app over HTTP (session, tenant resolution, transaction under RLS, page
 * and count queries, audit write, JSON) next to the bare single-table query of the same rows
 * through the same database (one statement, no transaction, no RLS) as the baseline, and prints
 * p50/p95 latency, throughput and the ratios, then EXPLAIN ANALYZE of the app's queries.
 *
 * Both sides are driven by the same closed loop: CONCURRENCY workers, each sending its next request
 * as soon as the previous one answers, for DURATION_MS. Loopback only; never part of `npm test`.
 *
 * Environment: DATABASE_URL (PostgreSQL; it creates and drops its own database; without it an
 * in-memory PGlite is used, with one connection), BENCH_PATIENTS (100000), BENCH_OTHER_ORGS (10),
 * BENCH_OTHER_PATIENTS (100000), BENCH_CONCURRENCY (10), BENCH_DURATION_MS (8000).
 */
import { patientListQuery, type PatientListQuery } from '@clinic/domain';
import { and, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { join } from 'node:path';
import http from 'node:http';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { connectPostgres, LISTENER_APPLICATION_NAME, type AppDb } from '../apps/server/src/db/client.js';
import { loginRoleUrl } from '../apps/server/src/db/roles.js';
import { patients } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/db/seed/demo.js';
import { bulkInsertPatients } from '../apps/server/src/db/seed/patients.js';
import { startHttpClients } from './http-load.js';
import { orderFor, searchCondition } from '../apps/server/src/modules/patients/patient-search.js';
import { patientJsonColumns } from '../apps/server/src/db/patient-json.js';
import { directoryPageQuery } from '../apps/server/src/modules/patients/patients.service.js';
import type { TenantContext } from '../apps/server/src/platform/access.js';
import { withTenantTx, type TenantTx } from '../apps/server/src/platform/tenant-tx.js';
import { createTestDatabase, type TestDatabase } from '../apps/server/src/test/harness.js';

const env = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const PATIENTS = env('BENCH_PATIENTS', 100_000);
const OTHER_ORGS = env('BENCH_OTHER_ORGS', 10);
const OTHER_PATIENTS = env('BENCH_OTHER_PATIENTS', 100_000);
const CONCURRENCY = env('BENCH_CONCURRENCY', 10);
const DURATION_MS = env('BENCH_DURATION_MS', 8_000);
const WARMUP_MS = 1_000;
/** Turns each side of a scenario takes, alternating (one while profiling: a profile per scenario). */
const ROUNDS = process.env.BENCH_CPU_PROFILE ? 1 : env('BENCH_ROUNDS', 4);
const ORG = 'default-clinic';
/** Comma-separated parts of scenario names to run (all when unset), e.g. `get one,name prefix`. */
const ONLY = (process.env.BENCH_SCENARIOS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

/**
 * With `BENCH_HTTP_CLIENTS=in-process`, the API's HTTP clients run on the server's own event loop
 * (as earlier versions of the benchmark did) instead of a thread of their own: for comparing figures with earlier runs.
 */
const IN_PROCESS_CLIENTS = process.env.BENCH_HTTP_CLIENTS === 'in-process';

/** The benchmark's goals, printed next to the figures of the run. */
const GOALS = { getOneThroughputRatio: 0.5, namePrefixP95Ms: 25 };

/** Search terms, cycled: name starts, "last, first", e-mail starts, phone starts and ends. */
const NAME_TERMS = ['smi', 'garc', 'maria', 'john', 'james w', 'lee', 'patel', 'nguyen, m', 'rob', 'kim', 'wil', 'chris', 'tho', 'ash', 'brown, d'];
const EMAIL_TERMS = ['patient123', 'patient9876', 'patient5', 'patient44444@', 'patient70001'];
const PHONE_TERMS = ['(212) 5', '415-3', '312', '4567', '0099', '555 12', '(903) 77', '8080'];

interface Scenario {
  name: string;
  /** Path and query of the API call (i = request number, to vary terms). */
  path: (i: number) => string;
  /** The list query the app runs for it; undefined for the get-by-id scenario. */
  query?: (i: number) => Partial<Record<keyof PatientListQuery, string>>;
  /** A baseline of its own, instead of the patients query. */
  bare?: (db: AppDb) => Promise<unknown>;
}

const cycle = <T>(values: T[], i: number) => values[i % values.length];
const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();

const SCENARIOS: Scenario[] = [
  { name: 'list: first page by name', path: () => '/api/patients?limit=50', query: () => ({ limit: '50' }) },
  {
    name: 'list: newest first, page 20',
    path: () => '/api/patients?sort=createdAt&limit=50&offset=950',
    query: () => ({ sort: 'createdAt', limit: '50', offset: '950' }),
  },
  { name: 'list: status discharged', path: () => '/api/patients?status=discharged&limit=50', query: () => ({ status: 'discharged', limit: '50' }) },
  {
    name: 'search: name prefix',
    path: (i) => `/api/patients?${qs({ search: cycle(NAME_TERMS, i), limit: '50' })}`,
    query: (i) => ({ search: cycle(NAME_TERMS, i), limit: '50' }),
  },
  {
    name: 'search: e-mail prefix',
    path: (i) => `/api/patients?${qs({ search: cycle(EMAIL_TERMS, i), limit: '50' })}`,
    query: (i) => ({ search: cycle(EMAIL_TERMS, i), limit: '50' }),
  },
  {
    name: 'search: part of phone',
    path: (i) => `/api/patients?${qs({ search: cycle(PHONE_TERMS, i), limit: '50' })}`,
    query: (i) => ({ search: cycle(PHONE_TERMS, i), limit: '50' }),
  },
  { name: 'get one patient', path: (i) => `/api/patients/bulk-${1 + ((i * 7919) % PATIENTS)}` },
  // What any request costs: HTTP, the app's hooks and one `select 1` through the pool, next to a bare `select 1`.
  { name: 'floor: GET /api/health', path: () => '/api/health', bare: (db) => db.execute(sql`select 1`) },
];

interface Stats {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  perSecond: number;
  /** CPU time per request in this process (server and load generator), microseconds. */
  nodeCpuUs: number;
  /** CPU time per request of the database's backend processes, microseconds (NaN when not readable). */
  pgCpuUs: number;
}

/**
 * CPU time (ms) used so far by each PostgreSQL backend serving `database` (client connections, not
 * autovacuum), read from /proc: only when the server runs on this host and its processes are
 * visible (Linux), else null.
 */
function backendCpu(database: string | undefined): Map<string, number> | null {
  if (!database || process.platform !== 'linux') return null;
  const tick = 10; // USER_HZ is 100 on Linux
  const cpu = new Map<string, number>();
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
        // "postgres: 15/main: clinic_server t_... 127.0.0.1(port) idle"
        if (!title.startsWith('postgres: ') || !/ \S+ (\S+) \S+\(\d+\)/.test(title) || !title.includes(` ${database} `)) continue;
        const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * tick); // utime, stime
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return null;
  }
  return cpu.size ? cpu : null;
}

/** CPU ms the backends used between two readings (a backend that ended in between is not counted). */
function backendCpuSince(before: Map<string, number> | null, after: Map<string, number> | null): number {
  if (!before || !after) return NaN;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** What one stretch of a closed loop measured, before it is summarized. */
interface Measured {
  latencies: number[];
  errors: number;
  elapsedMs: number;
  /** CPU of this process (server and clients), microseconds. */
  nodeCpuUs: number;
  /** CPU of the database's backends, milliseconds (NaN when not readable). */
  pgMs: number;
}

/** The figures of one or more stretches of the same side of a scenario, taken together. */
function summarize(parts: Measured[]): Stats {
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const sum = (pick: (p: Measured) => number) => parts.reduce((total, p) => total + pick(p), 0);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const n = latencies.length;
  return {
    count: n,
    errors: sum((p) => p.errors),
    p50: at(0.5),
    p95: at(0.95),
    perSecond: (n / sum((p) => p.elapsedMs)) * 1000,
    nodeCpuUs: sum((p) => p.nodeCpuUs) / n,
    pgCpuUs: (sum((p) => p.pgMs) * 1000) / n,
  };
}

/** Measures `run` (a stretch of closed loop): its CPU and the database's around it. */
async function measured(
  database: string | undefined,
  run: () => Promise<{ latencies: number[]; errors: number; elapsedMs: number }>,
): Promise<Measured> {
  const cpu0 = process.cpuUsage();
  const pg0 = backendCpu(database);
  const result = await run();
  const cpu = process.cpuUsage(cpu0);
  return { ...result, nodeCpuUs: cpu.user + cpu.system, pgMs: backendCpuSince(pg0, backendCpu(database)) };
}

/** Runs `one` from CONCURRENCY workers for `ms`. */
function closedLoop(one: (i: number) => Promise<boolean>, ms: number, database?: string): Promise<Measured> {
  return measured(database, async () => {
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const started = performance.now();
    const end = started + ms;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const i = next++;
          const t0 = performance.now();
          const ok = await one(i).catch(() => false);
          latencies.push(performance.now() - t0);
          if (!ok) errors += 1;
        }
      }),
    );
    return { latencies, errors, elapsedMs: performance.now() - started };
  });
}

/** A keep-alive HTTP GET that reads the whole body; true on a 2xx. */
function httpGet(agent: http.Agent, base: URL, path: string, headers: Record<string, string>): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: base.hostname, port: base.port, path, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve((res.statusCode ?? 500) < 300));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * The bare single-table query of a scenario: the same rows, one statement, no transaction or RLS;
 * their columns that the API's patient is made of (not the stored copy of it, `dto_json`).
 */
function bareQuery(db: AppDb, scenario: Scenario, i: number): SQLWrapper {
  if (!scenario.query) {
    return db
      .select(patientJsonColumns)
      .from(patients)
      .where(and(eq(patients.organizationId, ORG), eq(patients.id, `bulk-${1 + ((i * 7919) % PATIENTS)}`)));
  }
  const q = patientListQuery.parse(scenario.query(i));
  return db
    .select(patientJsonColumns)
    .from(patients)
    .where(
      and(
        eq(patients.organizationId, ORG),
        eq(patients.clinicId, ORG),
        isNull(patients.archivedAt),
        q.status === 'all' ? undefined : eq(patients.status, q.status),
        q.search ? searchCondition(q.search) : undefined,
      ),
    )
    .orderBy(...orderFor(q))
    .limit(q.limit)
    .offset(q.offset);
}

const fmt = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '-');

async function loadData(db: AppDb) {
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

async function explainAll(db: AppDb) {
  const tenant = { organizationId: ORG, clinicId: ORG, organization: { settings: {} } } as unknown as TenantContext;
  const explain = (build: (tx: TenantTx) => SQLWrapper) =>
    withTenantTx(db, ORG, async (tx) => {
      const r = await tx.execute(sql`explain (analyze, buffers, costs off, summary off) ${build(tx)}`);
      return (r.rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n');
    });
  const cases: Array<[string, Record<string, string>]> = [
    ['first page by name', { limit: '50' }],
    ['newest first, page 20', { sort: 'createdAt', limit: '50', offset: '950' }],
    ['status discharged', { status: 'discharged', limit: '50' }],
    ['search "smi"', { search: 'smi', limit: '50' }],
    ['search "nguyen, m"', { search: 'nguyen, m', limit: '50' }],
    ['search "patient123"', { search: 'patient123', limit: '50' }],
    ['search "(212) 5"', { search: '(212) 5', limit: '50' }],
    ['search "4567"', { search: '4567', limit: '50' }],
  ];
  console.log('\nQuery plans of the app (as clinic_app under RLS, EXPLAIN ANALYZE):');
  for (const [label, raw] of cases) {
    const q = patientListQuery.parse(raw);
    // One statement: the page's rows, their last visits and the total (the count query alone runs only for an empty page).
    console.log(`\n--- page: ${label}\n${await explain((tx) => directoryPageQuery(tx, tenant, q))}`);
  }
}

/**
 * With `BENCH_CPU_PROFILE=<folder>`, `run` under V8's sampling profiler (what `node --cpu-prof`
 * records, for this stretch only), saved as `<folder>/<scenario>.cpuprofile` for Chrome's DevTools
 * or `bench/profile-summary.ts`.
 */
async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) return run();
  const session = new inspector.Session();
  session.connect();
  const post = <R>(method: string, params?: object) =>
    new Promise<R>((resolve, reject) => session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result as R))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await post<{ profile: object }>('Profiler.stop');
    session.disconnect();
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  (CPU profile of the API run: ${file})`);
  }
}

/**
 * Round trips of one request: every `query` call of a node-postgres client is one message to the
 * database and one answer (several statements in one simple-protocol message are still one), so
 * counting the calls while one request runs alone counts its round trips. Printed with the
 * statements, shortened, for a warmed-up request of each kind; the LISTEN connection's (which
 * confirm a kept session, one for all the requests waiting at the time) are marked.
 */
async function printRoundTrips(agent: http.Agent, base: URL, headers: Record<string, string>) {
  if (!process.env.DATABASE_URL) return;
  const seen: string[] = [];
  let recording = false;
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    if (recording) {
      const q = args[0] as string | { text?: string; name?: string };
      const text = typeof q === 'string' ? q : (q.text ?? '');
      const name = typeof q === 'object' && q.name ? ` [prepared ${q.name}]` : '';
      const listener = (this as { connectionParameters?: { application_name?: string } }).connectionParameters?.application_name;
      const on = listener === LISTENER_APPLICATION_NAME ? ' [LISTEN connection]' : '';
      seen.push(`${text.replace(/\s+/g, ' ').slice(0, 110)}${name}${on}`);
    }
    return original.apply(this, args);
  };
  try {
    console.log('\nRound trips to the database per request (one request alone, after a warm-up):');
    for (const [label, path] of [
      ['get one patient', '/api/patients/bulk-17'],
      ['search "smi"', '/api/patients?search=smi&limit=50'],
      ['list: first page by name', '/api/patients?limit=50'],
    ]) {
      await httpGet(agent, base, path, headers);
      seen.length = 0;
      recording = true;
      await httpGet(agent, base, path, headers);
      recording = false;
      console.log(`  ${label}: ${seen.length}`);
      for (const statement of seen) console.log(`    ${statement}`);
    }
  } finally {
    prototype.query = original;
  }
}

/**
 * The benchmark's database: a fresh one (dropped afterwards), or with `BENCH_REUSE_DATABASE=<name>`
 * on PostgreSQL one that is kept between runs: created, migrated and loaded on the first run, only
 * migrated on the next ones (for measuring a change again without loading a million rows again).
 */
async function benchDatabase(): Promise<TestDatabase & { fresh: boolean }> {
  const reuse = process.env.BENCH_REUSE_DATABASE;
  const adminUrl = process.env.DATABASE_URL;
  if (!reuse || !adminUrl) return { ...(await createTestDatabase()), fresh: true };
  if (!/^[a-z_][a-z0-9_]*$/.test(reuse)) throw new Error('BENCH_REUSE_DATABASE: a lower-case database name');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [reuse])).rowCount === 1;
  if (!exists) await admin.query(`create database ${reuse}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${reuse}`;
  const database = connectPostgres(url.toString(), 2);
  await database.migrate();
  const [{ n }] = (await database.db.execute(sql`select count(*)::int as n from patients`)).rows as Array<{ n: number }>;
  const appUrl = loginRoleUrl(url.toString());
  const appDatabase = connectPostgres(appUrl);
  return {
    database,
    appDatabase,
    url: url.toString(),
    appUrl,
    fresh: n === 0,
    async drop() {
      await appDatabase.close();
      await database.close();
    },
  };
}

/** Runs the patient directory benchmark and prints its figures. */
export async function runPatientsBench() {
  console.log(`\nPatient directory benchmark on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory, one connection)'}`);
  console.log(`  ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s per scenario after ${WARMUP_MS / 1000} s of warm-up`);
  const test = await benchDatabase();
  // The owner's connection (on PGlite it wraps each query in BEGIN / SET LOCAL ROLE / COMMIT, a few
  // in-process statements more); the app gets the login role's, as in production.
  const db = test.database.db;
  // The bare queries get a pool of their own, as large as the app's (10 connections).
  const bareDatabase = test.url ? connectPostgres(test.url, 10) : null;
  const bareDb = bareDatabase?.db ?? db;
  const databaseName = test.url ? new URL(test.url).pathname.slice(1) : undefined;
  const app = await buildApp({ database: test.appDatabase, webDist: '/nonexistent' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    if (test.fresh) await loadData(db);
    else {
      console.log(`Reusing the loaded database ${databaseName} (BENCH_REUSE_DATABASE)`);
      // As autovacuum would have by now: a migration that rewrote the table left its visibility map empty.
      await db.execute(sql`vacuum analyze patients`);
    }
    const base = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'doctor@demo.clinic', password: 'demo-password' },
    });
    const headers = { authorization: `Bearer ${signIn.json().token}` };
    await printRoundTrips(agent, base, headers);

    const rows: Array<{ name: string; bare: Stats; api: Stats }> = [];
    for (const scenario of SCENARIOS) {
      if (ONLY.length && !ONLY.some((part) => scenario.name.includes(part))) continue;
      const bare = (i: number) => (scenario.bare ? scenario.bare(bareDb) : bareDb.execute(sql`${bareQuery(bareDb, scenario, i)}`)).then(() => true);
      // The API's clients: on a thread of their own (`http-load.ts`), so the server's event loop is
      // the server's alone, as with real clients; their CPU still counts in this process's.
      const clients = IN_PROCESS_CLIENTS
        ? null
        : startHttpClients(
            base,
            Array.from({ length: 5_000 }, (_, i) => scenario.path(i)),
            headers,
            CONCURRENCY,
          );
      const api = (ms: number, database?: string) =>
        clients ? measured(database, () => clients.run(ms)) : closedLoop((i) => httpGet(agent, base, scenario.path(i), headers), ms, database);
      await closedLoop(bare, WARMUP_MS);
      await api(WARMUP_MS);
      // The two sides take turns, so a change in the machine's speed during the run (other
      // machines' work on the same host) weighs on both alike.
      const bareParts: Measured[] = [];
      const apiParts: Measured[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        bareParts.push(await closedLoop(bare, DURATION_MS / ROUNDS, databaseName));
        apiParts.push(await profiled(scenario.name, () => api(DURATION_MS / ROUNDS, databaseName)));
      }
      await clients?.close();
      const bareStats = summarize(bareParts);
      const apiStats = summarize(apiParts);
      rows.push({ name: scenario.name, bare: bareStats, api: apiStats });
      console.log(
        `  ${scenario.name.padEnd(28)} API p50 ${fmt(apiStats.p50)} ms p95 ${fmt(apiStats.p95)} ms ${fmt(apiStats.perSecond, 0)}/s` +
          ` | bare p50 ${fmt(bareStats.p50)} ms p95 ${fmt(bareStats.p95)} ms ${fmt(bareStats.perSecond, 0)}/s` +
          (apiStats.errors ? ` | ${apiStats.errors} API errors` : ''),
      );
    }

    console.log(
      '\n| Scenario | API p50 ms | API p95 ms | API req/s | bare p50 ms | bare p95 ms | bare q/s | p50 ratio | p95 ratio | throughput ratio |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const { name, bare, api } of rows) {
      console.log(
        `| ${name} | ${fmt(api.p50)} | ${fmt(api.p95)} | ${fmt(api.perSecond, 0)} | ${fmt(bare.p50)} | ${fmt(bare.p95)} | ${fmt(bare.perSecond, 0)} |` +
          ` x${fmt(api.p50 / bare.p50, 1)} | x${fmt(api.p95 / bare.p95, 1)} | ${fmt(api.perSecond / bare.perSecond, 2)} |`,
      );
    }

    // Where the time goes: CPU per request of this process (the server and the load generator) and
    // of the database's backends, so a change is judged by work done rather than by a noisy clock.
    console.log('\n| Scenario | API CPU µs/req: Node | API CPU µs/req: PostgreSQL | bare CPU µs/q: Node | bare CPU µs/q: PostgreSQL |');
    console.log('|---|---:|---:|---:|---:|');
    for (const { name, bare, api } of rows) {
      console.log(`| ${name} | ${fmt(api.nodeCpuUs, 0)} | ${fmt(api.pgCpuUs, 0)} | ${fmt(bare.nodeCpuUs, 0)} | ${fmt(bare.pgCpuUs, 0)} |`);
    }

    const getOne = rows.find((r) => r.name === 'get one patient');
    const namePrefix = rows.find((r) => r.name === 'search: name prefix');
    console.log('\nGoals, this run:');
    if (getOne) {
      const ratio = getOne.api.perSecond / getOne.bare.perSecond;
      console.log(
        `  request path: get one patient at ${fmt(ratio, 2)} of the bare query's throughput (${fmt(getOne.api.perSecond, 0)} vs ${fmt(getOne.bare.perSecond, 0)}/s)` +
          ` - goal >= ${GOALS.getOneThroughputRatio}: ${ratio >= GOALS.getOneThroughputRatio ? 'met' : 'NOT met'}`,
      );
    }
    if (namePrefix) {
      console.log(
        `  name-prefix search p95 ${fmt(namePrefix.api.p95)} ms at ${CONCURRENCY} clients` +
          ` - goal <= ${GOALS.namePrefixP95Ms} ms: ${namePrefix.api.p95 <= GOALS.namePrefixP95Ms ? 'met' : 'NOT met'}`,
      );
    }
    await explainAll(db);
  } finally {
    agent.destroy();
    await app.close();
    await bareDatabase?.close();
    await test.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runPatientsBench();
}
