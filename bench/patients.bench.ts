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
 * Environment: DATABASE_URL (PostgreSQL; the loaded database is kept between runs and reused while
 * its migrations and rows match, `patients/data.ts`; BENCH_FRESH=1 reloads it; without it an
 * in-memory PGlite is used, with one connection), BENCH_PATIENTS (100000), BENCH_OTHER_ORGS (10),
 * BENCH_OTHER_PATIENTS (100000), BENCH_CONCURRENCY (10), BENCH_DURATION_MS (8000).
 */
import { sql } from 'drizzle-orm';
import http from 'node:http';
import { buildApp } from '../apps/server/src/app.js';
import { connectPostgres } from '../apps/server/src/db/client.js';
import { httpGet, startHttpClients } from './http-load.js';
import { CONCURRENCY, DURATION_MS, IN_PROCESS_CLIENTS, ONLY, ROUNDS, WARMUP_MS } from './patients/config.js';
import { benchDatabase, loadData } from './patients/data.js';
import { closedLoop, measured, profiled, summarize, type Measured } from './patients/measure.js';
import { printGoals, printMachineLoad } from './goals.js';
import { explainAll, goalsOf, printResults, printRoundTrips, type ScenarioResult } from './patients/report.js';
import { bareQuery, SCENARIOS } from './patients/scenarios.js';
import { fmt } from './timing.js';

/** Runs the patient directory benchmark and prints its figures. */
export async function runPatientsBench() {
  printMachineLoad('patients');
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
    // As autovacuum would have by now: a rewrite of the patients' JSON (`db/patient-json.ts`) leaves dead rows.
    else await db.execute(sql`vacuum analyze patients`);
    const base = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'doctor@demo.clinic', password: 'demo-password' },
    });
    const headers = { authorization: `Bearer ${signIn.json().token}` };
    await printRoundTrips(agent, base, headers);

    const rows: ScenarioResult[] = [];
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

    printResults(rows);
    printGoals(goalsOf(rows));
    await explainAll(db);
  } finally {
    agent.destroy();
    await app.close();
    await bareDatabase?.close();
    // Closes the connections; the PostgreSQL database is kept for the next run.
    await test.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runPatientsBench();
}
