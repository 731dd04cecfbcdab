import { errorResponse } from '@clinic/domain';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { ApiRoute } from '../platform/openapi.js';
import { freshAddress } from './harness.js';
import { requestsFor, type FuzzRequest } from './fuzz-requests.js';
import { stripeSignature } from './fuzz-webhook.js';
import type { FuzzWorld } from './fuzz-world.js';

/**
 * Sends the fuzz tier's requests route by route and judges each answer: never a 5xx, and every
 * refusal a 4xx in the one error shape (`{ success: false, error, message, code, issues? }`; an
 * `OperationOutcome` on the FHIR server). Generation is seeded per route (the run's seed and the
 * route): `FUZZ_SEED=<seed> FUZZ_ROUTE='<METHOD> <url>'` sends that route's same requests alone (a
 * failure that needs what earlier routes wrote shows in the full run only; its request is printed).
 */

/** The default seed: a CI failure prints the seed it ran with. */
export const DEFAULT_SEED = 20_260_729;

/** Routes whose only job is to open an event stream (a 200 would never end under inject). */
const STREAMS = new Set(['GET /api/events', 'GET /api/events/public']);
/**
 * 5xx answers that are a deployment's state, not a fault: a service this deployment has not
 * configured (billing without a payment provider answers 503 `billing/not-configured` with the
 * spec's message; mail without SMTP `service/unavailable`). `platform/error-codes.test.ts` keeps
 * every other code a 4xx.
 */
const DELIBERATE_5XX = /^(service\/unavailable|[a-z-]+\/not-configured)$/;

export const labelOf = (r: Pick<ApiRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** The routes the fuzz tier walks: every registered route with a contract (FHIR's included), streams aside. */
export function fuzzedRoutes(routes: readonly ApiRoute[], only = process.env.FUZZ_ROUTE): ApiRoute[] {
  return routes.filter((r) => r.contract && !STREAMS.has(labelOf(r)) && (!only || labelOf(r) === only));
}

/** One answer the tier refuses: a 5xx, or a 4xx out of shape. */
export interface FuzzFailure {
  route: string;
  seed: number;
  request: FuzzRequest;
  status: number;
  problem: string;
  body: string;
  /** What the server logged for it (error type, message, stack frames, cause). */
  cause?: string;
}

/** Requests and failures of one route. */
export interface RouteTally {
  route: string;
  requests: number;
  serverErrors: number;
  badShapes: number;
  statuses: Record<number, number>;
}

export interface FuzzResult {
  seed: number;
  requests: number;
  routes: RouteTally[];
  failures: FuzzFailure[];
}

/** What is wrong with an answer, or null. */
export function problemOf(route: ApiRoute, res: LightMyRequestResponse): string | null {
  let body: any = null;
  try {
    body = res.json();
  } catch {
    body = null;
  }
  if (res.statusCode >= 500 && !(res.statusCode === 503 && DELIBERATE_5XX.test(String(body?.code)))) return `status ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  if (route.url.startsWith('/fhir/')) {
    const ok = body?.resourceType === 'OperationOutcome' && Array.isArray(body.issue) && body.issue.length > 0;
    return ok ? null : `a ${res.statusCode} that is not an OperationOutcome`;
  }
  const parsed = errorResponse.safeParse(body);
  if (!parsed.success) return `a ${res.statusCode} that is not { success: false, error, message, code, issues? }`;
  return parsed.data.error === parsed.data.message && parsed.data.message.length > 0
    ? null
    : `a ${res.statusCode} whose error and message differ or are empty`;
}

/** A stable per-route seed from the run's seed and the route's method and URL. */
export function seedFor(seed: number, route: string): number {
  let h = seed | 0;
  for (let i = 0; i < route.length; i++) h = (Math.imul(h, 31) + route.charCodeAt(i)) | 0;
  return h;
}

/** Sends `runs` generated requests to each route, restoring the world after each route. */
export async function fuzzRoutes(
  world: FuzzWorld,
  routes: readonly ApiRoute[],
  options: {
    seed: number;
    runs: number;
    causeOf?: (requestId: string | undefined) => string | undefined;
    onFailure?: (f: FuzzFailure) => void;
    /** Every request and its answer (`FUZZ_TRACE=1` in the bench). */
    onAnswer?: (request: FuzzRequest, res: LightMyRequestResponse) => void;
  },
): Promise<FuzzResult> {
  const result: FuzzResult = { seed: options.seed, requests: 0, routes: [], failures: [] };
  for (const route of routes) {
    const label = labelOf(route);
    const seed = seedFor(options.seed, label);
    const tally: RouteTally = { route: label, requests: 0, serverErrors: 0, badShapes: 0, statuses: {} };
    for (const request of fc.sample(requestsFor(route, world), { seed, numRuns: options.runs })) {
      const res = await send(world, request);
      tally.requests += 1;
      options.onAnswer?.(request, res);
      tally.statuses[res.statusCode] = (tally.statuses[res.statusCode] ?? 0) + 1;
      if (request.caller === 'owner' && res.statusCode === 401) world.sessionLost();
      const problem = problemOf(route, res);
      if (!problem) continue;
      if (res.statusCode >= 500) tally.serverErrors += 1;
      else tally.badShapes += 1;
      const failure: FuzzFailure = {
        route: label,
        seed,
        request,
        status: res.statusCode,
        problem,
        body: res.body.slice(0, 500),
        cause: options.causeOf?.(res.headers['x-request-id'] as string | undefined),
      };
      result.failures.push(failure);
      options.onFailure?.(failure);
    }
    result.requests += tally.requests;
    result.routes.push(tally);
    await world.restore();
  }
  return result;
}

async function send(world: FuzzWorld, request: FuzzRequest): Promise<LightMyRequestResponse> {
  const own = request.caller === 'owner' || request.caller === 'apiKey' ? await world.headers(request.caller) : {};
  const signature = request.signed && request.payload !== undefined ? { 'stripe-signature': stripeSignature(request.payload) } : {};
  return world.t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...own, ...request.headers, ...signature },
    remoteAddress: freshAddress(),
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}

/** A failure as a CI log shows it: the route, the seed, the request (long text shortened) and the cause. */
export function describeFailure(f: FuzzFailure): string {
  const short = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} characters)` : s);
  const lines = [
    `${f.route}: ${f.problem} (route seed ${f.seed})`,
    `  ${f.request.method} ${short(f.request.url)} as ${f.request.caller}`,
    `  headers ${short(JSON.stringify(f.request.headers))}`,
  ];
  if (f.request.payload !== undefined) lines.push(`  body ${short(f.request.payload)}`);
  lines.push(`  answer ${f.status} ${short(f.body)}`);
  if (f.cause) lines.push(`  cause ${f.cause.replace(/\n/g, '\n    ')}`);
  return lines.join('\n');
}
