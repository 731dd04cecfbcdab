/**
 * Patient directory benchmark (issue 3). Loads 100,000 patients into the demo organization's clinic
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
import http from 'node:http';
import { buildApp } from '../apps/server/src/app.js';
import type { AppDb, Tx } from '../apps/server/src/db/client.js';
import { patients } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/db/seed/demo.js';
import { bulkInsertPatients } from '../apps/server/src/db/seed/patients.js';
import { withTenant } from '../apps/server/src/db/tenant.js';
import { orderFor, searchCondition } from '../apps/server/src/modules/patients/patient-search.js';
import { directoryCountQuery, directoryPageQuery, lastVisitsQuery } from '../apps/server/src/modules/patients/patients.service.js';
import type { TenantContext } from '../apps/server/src/platform/access.js';
import { createTestDatabase } from '../apps/server/src/test/harness.js';

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
const ORG = 'default-clinic';

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
];

interface Stats {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  perSecond: number;
}

/** Runs `one` from CONCURRENCY workers for `ms` and summarizes the latencies. */
async function closedLoop(one: (i: number) => Promise<boolean>, ms: number): Promise<Stats> {
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
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { count: latencies.length, errors, p50: at(0.5), p95: at(0.95), perSecond: (latencies.length / elapsed) * 1000 };
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

/** The bare single-table query of a scenario: the same rows, one statement, no transaction or RLS. */
function bareQuery(db: AppDb, scenario: Scenario, i: number): SQLWrapper {
  if (!scenario.query) {
    return db
      .select()
      .from(patients)
      .where(and(eq(patients.organizationId, ORG), eq(patients.id, `bulk-${1 + ((i * 7919) % PATIENTS)}`)));
  }
  const q = patientListQuery.parse(scenario.query(i));
  return db
    .select()
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
  const explain = (build: (tx: Tx) => SQLWrapper) =>
    withTenant(db, ORG, async (tx) => {
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
    console.log(`\n--- page: ${label}\n${await explain((tx) => directoryPageQuery(tx, tenant, q))}`);
    console.log(`--- count: ${label}\n${await explain((tx) => directoryCountQuery(tx, tenant, q))}`);
  }
  const ids = Array.from({ length: 50 }, (_, i) => `bulk-${1 + i * 1999}`);
  console.log(`\n--- last visits of a page of 50\n${await explain((tx) => lastVisitsQuery(tx, tenant, ids))}`);
}

/** Runs the patient directory benchmark and prints its figures. */
export async function runPatientsBench() {
  console.log(`\nPatient directory benchmark on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory, one connection)'}`);
  console.log(`  ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s per scenario after ${WARMUP_MS / 1000} s of warm-up`);
  const test = await createTestDatabase();
  // The owner's connection (on PGlite it wraps each query in BEGIN / SET LOCAL ROLE / COMMIT, a few
  // in-process statements more); the app gets the login role's, as in production.
  const db = test.database.db;
  const app = await buildApp({ database: test.appDatabase, webDist: '/nonexistent' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    await loadData(db);
    const base = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'doctor@demo.clinic', password: 'demo-password' },
    });
    const headers = { authorization: `Bearer ${signIn.json().token}` };

    const rows: Array<{ name: string; bare: Stats; api: Stats }> = [];
    for (const scenario of SCENARIOS) {
      const bare = (i: number) => db.execute(sql`${bareQuery(db, scenario, i)}`).then(() => true);
      const api = (i: number) => httpGet(agent, base, scenario.path(i), headers);
      await closedLoop(bare, WARMUP_MS);
      const bareStats = await closedLoop(bare, DURATION_MS);
      await closedLoop(api, WARMUP_MS);
      const apiStats = await closedLoop(api, DURATION_MS);
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
    await explainAll(db);
  } finally {
    agent.destroy();
    await app.close();
    await test.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runPatientsBench();
}
