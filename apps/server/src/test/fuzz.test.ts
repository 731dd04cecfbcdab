import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.js';
import { createFuzzWorld, errorCapture, type FuzzWorld } from './fuzz-world.js';
import { FUZZ_WEBHOOK_SECRET } from './fuzz-webhook.js';
import { DEFAULT_SEED, describeFailure, fuzzRoutes, fuzzedRoutes, type FuzzResult } from './fuzz-run.js';

/**
 * The fuzz tier of the route conformance suite: every registered route with a contract (the FHIR
 * server's included) gets requests drawn from its own contracts and the fixed hostile values, as
 * the organization's Owner, anonymously and with a forged credential. No answer may be a 5xx, and
 * every refusal is a 4xx in the one error shape. `npm run bench -- fuzz` runs the same at volume.
 * A failure prints its seed, request and the server's logged cause; `FUZZ_SEED=<n> FUZZ_ROUTE='<METHOD> <url>'`
 * sends that route's requests alone.
 */
const errors = errorCapture();
const t = useTestApp({ logger: errors.logger, billing: { webhookSecret: FUZZ_WEBHOOK_SECRET } });
const SEED = Number(process.env.FUZZ_SEED) || DEFAULT_SEED;
/** Requests per route in `npm test` (a few thousand in all). */
const RUNS = Number(process.env.FUZZ_RUNS) || 20;
let world: FuzzWorld;
let result: FuzzResult;

beforeAll(async () => {
  world = await createFuzzWorld(t);
  console.log(`fuzz seed ${SEED}, ${RUNS} requests per route`);
  result = await fuzzRoutes(world, fuzzedRoutes(t.app.apiRoutes), { seed: SEED, runs: RUNS, causeOf: errors.causeOf });
}, 600_000);

describe('fuzzed requests to every route', () => {
  it('never answer 5xx, and every refusal is a 4xx in the one error shape', () => {
    expect(result.failures.map(describeFailure)).toEqual([]);
  });

  it('reach every route with a contract, the FHIR server included', () => {
    const reached = new Set(result.routes.map((r) => r.route));
    expect(result.requests).toBeGreaterThanOrEqual(2_000);
    expect([...reached].filter((r) => r.includes(' /fhir/R4/'))).toEqual(
      expect.arrayContaining(['GET /fhir/R4/Patient', 'GET /fhir/R4/Patient/:id', 'GET /fhir/R4/Encounter', 'GET /fhir/R4/Observation']),
    );
  });

  it('get past validation and access on most routes as the Owner (the handlers run)', () => {
    const neverServed = result.routes.filter((r) => !Object.keys(r.statuses).some((s) => Number(s) < 300)).map((r) => r.route);
    expect(neverServed.length, neverServed.join('\n')).toBeLessThan(result.routes.length / 4);
  });
});
