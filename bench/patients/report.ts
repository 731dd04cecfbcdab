/** What the benchmark prints: round trips per request, the figures' tables, the goals' figures and the app's query plans. */
import { patientListQuery } from '@clinic/domain';
import type { SQLWrapper } from 'drizzle-orm';
import type http from 'node:http';
import pg from 'pg';
import { LISTENER_APPLICATION_NAME, type AppDb } from '../../apps/server/src/db/client.js';
import { directoryPageQuery } from '../../apps/server/src/modules/patients/patient-directory-page.js';
import type { TenantContext } from '../../apps/server/src/platform/access.js';
import type { TenantTx } from '../../apps/server/src/platform/tenant-tx.js';
import { genericPlan } from '../../apps/server/src/test/query-plans.js';
import type { Goal } from '../goals.js';
import { CONCURRENCY, GOALS, ORG } from './config.js';
import { httpGet } from '../http-load.js';
import { fmt } from '../timing.js';
import type { Stats } from './measure.js';

/**
 * Round trips of one request: every `query` call of a node-postgres client is one message to the
 * database and one answer (several statements in one simple-protocol message are still one), so
 * counting the calls while one request runs alone counts its round trips. Printed with the
 * statements, shortened, for a warmed-up request of each kind; the LISTEN connection's (which
 * confirm a kept session, one for all the requests waiting at the time) are marked.
 */
export async function printRoundTrips(agent: http.Agent, base: URL, headers: Record<string, string>) {
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

export async function explainAll(db: AppDb) {
  const tenant = { organizationId: ORG, clinicId: ORG, organization: { settings: {} } } as unknown as TenantContext;
  // The generic plan: what the app's prepared statements run once PostgreSQL has settled on one.
  const explain = (build: (tx: TenantTx) => SQLWrapper) => genericPlan(db, ORG, build, 'analyze, buffers, costs off, summary off');
  const cases: Array<[string, Record<string, string>]> = [
    ['first page by name', { limit: '50' }],
    ['newest first, page 20', { sort: 'createdAt', limit: '50', offset: '950' }],
    ['status discharged', { status: 'discharged', limit: '50' }],
    ['search "smi"', { search: 'smi', limit: '50' }],
    ['search "nguyen, m"', { search: 'nguyen, m', limit: '50' }],
    ['search "patient123"', { search: 'patient123', limit: '50' }],
    ['search "patient5"', { search: 'patient5', limit: '50' }],
    ['search "(212) 5"', { search: '(212) 5', limit: '50' }],
    ['search "4567"', { search: '4567', limit: '50' }],
  ];
  console.log('\nQuery plans of the app (as clinic_app under RLS, generic plans, EXPLAIN ANALYZE):');
  for (const [label, raw] of cases) {
    const q = patientListQuery.parse(raw);
    // One statement: the page's rows, their last visits and the total (the count query alone runs only for an empty page).
    console.log(`\n--- page: ${label}\n${await explain((tx) => directoryPageQuery(tx, tenant, q))}`);
  }
}

/** What each scenario measured on each side. */
export interface ScenarioResult {
  name: string;
  bare: Stats;
  api: Stats;
}

/** The tables of the run: latency, throughput and CPU, next to the bare queries. */
export function printResults(rows: ScenarioResult[]) {
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
}

/** Throughput of the API over the bare query's. */
const throughputRatio = (r: ScenarioResult) => r.api.perSecond / r.bare.perSecond;

/**
 * The goals, for the scenarios this run measured: get one patient at >= 0.5 of the bare
 * query's throughput; every directory scenario (list, search) at p95 <= 25 ms, and at >= 0.5 of the
 * bare throughput but for the name-prefix search (p95 only); the floor at >= 0.5 of a bare `select 1`.
 */
export function goalsOf(rows: ScenarioResult[]): Goal[] {
  const goals: Goal[] = [];
  for (const r of rows) {
    const ratio: Goal = {
      what: `${r.name}: throughput ratio to bare`,
      value: throughputRatio(r),
      unit: 'x',
      op: '>=',
      target: GOALS.throughputRatio,
    };
    const p95: Goal = {
      what: `${r.name}: API p95 at ${CONCURRENCY} clients`,
      value: r.api.p95,
      unit: 'ms',
      op: '<=',
      target: GOALS.directoryP95Ms,
    };
    if (r.name === 'get one patient' || r.name.startsWith('floor:')) goals.push(ratio);
    else if (r.name === 'search: name prefix') goals.push(p95);
    else goals.push(p95, ratio);
  }
  return goals;
}
