/**
 * Fuzz benchmark: the fuzz tier of `apps/server/src/test/fuzz.test.ts` at volume. Every registered
 * route with a contract (FHIR's included) gets requests drawn from its contracts and the hostile
 * values (`fuzz-hostile.ts`), as the test organization's Owner, anonymously, with a forged
 * credential and (FHIR) with an API key, through the real app on a fresh database. Prints the
 * requests and 5xx per route and every failing request with its cause; **fails** (exit 1) on any
 * 5xx or any refusal out of the one error shape.
 *
 * Environment: DATABASE_URL (PostgreSQL; without it in-memory PGlite), FUZZ_REQUESTS (20000: the
 * least in all, spread evenly over the routes), FUZZ_SEED (the test's default), FUZZ_ROUTE (one
 * route, `'POST /api/patients'`), FUZZ_REPORT (a file for the failures as JSON), FUZZ_TRACE (print every
 * request and answer).
 */
import { writeFileSync } from 'node:fs';
import { createTestApp } from '../apps/server/src/test/harness.js';
import { createFuzzWorld, errorCapture } from '../apps/server/src/test/fuzz-world.js';
import { FUZZ_WEBHOOK_SECRET } from '../apps/server/src/test/fuzz-webhook.js';
import { DEFAULT_SEED, describeFailure, fuzzRoutes, fuzzedRoutes } from '../apps/server/src/test/fuzz-run.js';

const env = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

export async function runFuzzBench(): Promise<void> {
  const wanted = env('FUZZ_REQUESTS', 20_000);
  const seed = env('FUZZ_SEED', DEFAULT_SEED);
  const errors = errorCapture();
  const t = await createTestApp({ logger: errors.logger, billing: { webhookSecret: FUZZ_WEBHOOK_SECRET } });
  let failed = false;
  try {
    const world = await createFuzzWorld(t);
    const routes = fuzzedRoutes(t.app.apiRoutes);
    const runs = Math.ceil(wanted / Math.max(1, routes.length));
    console.log(`\nfuzz: ${routes.length} routes x ${runs} requests, seed ${seed}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
    const started = performance.now();
    const result = await fuzzRoutes(world, routes, {
      seed,
      runs,
      causeOf: errors.causeOf,
      onFailure: (f) => console.log(`\n${describeFailure(f)}`),
      onAnswer: process.env.FUZZ_TRACE
        ? (q, res) => console.log(`${q.method} ${q.url.slice(0, 200)} as ${q.caller} -> ${res.statusCode} ${res.body.slice(0, 200)}`)
        : undefined,
    });
    const seconds = (performance.now() - started) / 1000;
    const serverErrors = result.routes.reduce((n, r) => n + r.serverErrors, 0);
    const badShapes = result.routes.reduce((n, r) => n + r.badShapes, 0);
    console.log('\n| route | requests | 2xx | 4xx | 5xx | out of shape |\n|---|---:|---:|---:|---:|---:|');
    for (const r of result.routes) {
      const count = (from: number) =>
        Object.entries(r.statuses).reduce((n, [s, c]) => (Number(s) >= from && Number(s) < from + 100 ? n + c : n), 0);
      console.log(`| ${r.route} | ${r.requests} | ${count(200)} | ${count(400)} | ${r.serverErrors} | ${r.badShapes} |`);
    }
    console.log(
      `\nfuzz: ${result.requests} requests in ${seconds.toFixed(1)} s (${(result.requests / seconds).toFixed(0)}/s); ` +
        `5xx: ${serverErrors}; refusals out of shape: ${badShapes}; seed ${seed}`,
    );
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(result, null, 1));
    failed = serverErrors > 0 || badShapes > 0 || result.requests < wanted;
  } finally {
    await t.close();
  }
  if (failed) {
    console.error('fuzz: FAILED (see the requests above)');
    process.exit(1);
  }
}
