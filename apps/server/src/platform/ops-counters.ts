import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The events the operations metrics count that happen deep inside a request (an audit row, a
 * failed sign-in, a rate-limit refusal), where no app is at hand. `metricsPlugin` runs each
 * request with its app's counters; outside a request (the seed, a test's fixture) nothing counts.
 */
export interface OpsCounters {
  auditRow(): void;
  signInFailure(reason: string): void;
  rateLimitRefusal(limit: string): void;
}

const current = new AsyncLocalStorage<OpsCounters>();

/** Runs `fn` (and everything it awaits) with `counters` as the counters of the request. */
export function withCounters<T>(counters: OpsCounters, fn: () => T): T {
  return current.run(counters, fn);
}

/** Whether the code running now already counts with `counters` (a request whose async context kept them). */
export function countingWith(counters: OpsCounters): boolean {
  return current.getStore() === counters;
}

/** Counts one audit row written (`audit.ts`). */
export function countAuditRow(): void {
  current.getStore()?.auditRow();
}

/** Counts one failed sign-in; `reason` is the error code (`auth/invalid-credential`), never the e-mail. */
export function countSignInFailure(reason: string): void {
  current.getStore()?.signInFailure(reason);
}

/** Counts one request refused by a limit; `limit` names the limit (a fixed scope, never a key). */
export function countRateLimitRefusal(limit: string): void {
  current.getStore()?.rateLimitRefusal(limit);
}
