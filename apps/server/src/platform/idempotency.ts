import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { literal } from '../db/literal.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { deferStatement } from '../db/tenant.js';
import { AppError, CommittedRefusal } from './errors.js';
import type { TenantTx } from './tenant-tx.js';

/**
 * Idempotent writes: a client that did not get its answer (a lost response, a dropped connection)
 * sends the same request again with the same `Idempotency-Key`, and gets the first answer instead
 * of a second write. A route opts in with `idempotent` in its spec (`defineRoute`, `platform/route/`); the
 * helper then runs the handler through {@link withIdempotency} inside the request's tenant
 * transaction. Without the header a route behaves as before.
 *
 * - The key is claimed with `INSERT ... ON CONFLICT` on the primary key (organization, scope, key)
 *   in the request's own transaction, and the answer is stored in the same transaction: the row
 *   exists exactly when the request's changes were committed. A simultaneous duplicate waits on
 *   the unique index until the first commits, then reads its answer (or, if the first rolled
 *   back, claims the key itself).
 * - Only a SHA-256 of the request (clinic, caller, parameters, parsed body) is kept; the same key
 *   with another request is a 422. Errors roll back with the transaction, so they are never
 *   stored: a retry after a 4xx or 5xx runs again. The exception is a `CommittedRefusal`
 *   (`errors.ts`), a refusal whose transaction commits: it is stored and replayed as it was.
 * - Keys expire after a day: an expired key may be used again, and each claim deletes a bounded
 *   batch of the organization's expired rows.
 */

/** The request header. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The reply header set on an answer that was stored by an earlier request. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** 8 to 100 letters, digits, '-' or '_' (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Expired rows deleted per claim at most (cleanup on write, never a long delete). */
const EXPIRED_BATCH = 100;

/** What a route's spec says: `true` scopes keys to its method and URL; a scope name lets aliases share keys. */
export type IdempotencyOption = true | { scope: string };

/** The scope of a route's keys. */
export function idempotencyScope(option: IdempotencyOption, method: string, url: string): string {
  return option === true ? `${method} ${url}` : option.scope;
}

/** The request's `Idempotency-Key`, null when it has none; a malformed key is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw)) {
    const message = 'The Idempotency-Key header must be 8 to 100 characters: letters, digits, "-" or "_".';
    throw new AppError('validation/invalid', message, [{ path: 'Idempotency-Key', message }]);
  }
  return raw;
}

/** JSON with object keys sorted, so the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of what makes two requests the same request. */
export function requestHash(parts: unknown): string {
  return createHash('sha256').update(canonicalJson(parts)).digest('hex');
}

/** An answer stored by an earlier request with the same key, sent again as it was. */
export class ReplayedAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** One idempotent request: where its key lives and what it asked. */
export interface IdempotentRequest {
  organizationId: string;
  scope: string;
  key: string;
  /** From {@link requestHash}. */
  hash: string;
  /** The status a success answers with (the route's `status`). */
  status: number;
}

/**
 * Runs `run` once per key: the first request runs it and stores its answer in the same
 * transaction; a later (or simultaneous) one with the same key and request gets a
 * {@link ReplayedAnswer} without running it; one with another request is a 422.
 */
export async function withIdempotency<T extends object>(
  tx: TenantTx,
  request: IdempotentRequest,
  run: () => Promise<T>,
): Promise<T | ReplayedAnswer> {
  const { organizationId, scope, key, hash } = request;
  const expired = sql`now() - ${IDEMPOTENCY_TTL_MS} * interval '1 millisecond'`;
  // The claim: inserted, or taken over when the stored one has expired; nothing when it is live.
  // With it, in the same statement, cleanup on write: a bounded batch of other expired keys,
  // skipping rows another transaction holds.
  const claimed = await tx.execute(sql`
    with cleanup as (
      delete from idempotency_keys where (organization_id, scope, key) in (
        select organization_id, scope, key from idempotency_keys
         where organization_id = ${organizationId} and created_at < ${expired} and not (scope = ${scope} and key = ${key})
         limit ${EXPIRED_BATCH} for update skip locked))
    insert into idempotency_keys (organization_id, scope, key, request_hash)
    values (${organizationId}, ${scope}, ${key}, ${hash})
    on conflict (organization_id, scope, key) do update
      set request_hash = excluded.request_hash, response_status = null, response_body = null, created_at = now()
      where idempotency_keys.created_at < ${expired}
    returning key`);
  const where = and(eq(idempotencyKeys.organizationId, organizationId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  if (claimed.rows.length > 0) {
    const answer = await run();
    // A committed refusal is stored as the refusal it is: a retry is refused the same way.
    const stored =
      answer instanceof CommittedRefusal
        ? { responseStatus: answer.status, responseBody: answer.body }
        : { responseStatus: request.status, responseBody: answer };
    // Written with the COMMIT: the claimed row is this transaction's until then.
    await deferStatement(
      tx,
      `update idempotency_keys set response_status = ${literal(stored.responseStatus)}, response_body = ${literal(JSON.stringify(stored.responseBody))}::jsonb
        where organization_id = ${literal(organizationId)} and scope = ${literal(scope)} and key = ${literal(key)}`,
    );
    return answer;
  }
  const [stored] = await tx.select().from(idempotencyKeys).where(where);
  if (stored && stored.requestHash !== hash) {
    throw new AppError(
      'request/idempotency-key-reused',
      'This Idempotency-Key was already used for a different request. Send a new key with each new request.',
    );
  }
  if (!stored || stored.responseStatus === null) {
    // Not reachable through the claim above (a claim and its answer commit together); kept safe.
    throw new AppError('conflict/idempotency-key-busy', 'A request with this Idempotency-Key is still being processed. Please try again.');
  }
  return new ReplayedAnswer(stored.responseStatus, stored.responseBody);
}

/**
 * Forgets the stored answers that name any of `ids` (as a JSON string value): when a patient's
 * data is erased, the answers to the submissions that made their chart, queue entries and intakes
 * go too (`db/schema/person-data.ts`), whatever those answers held. A retry of such a submission
 * then runs as a new one. Answers the number of answers forgotten.
 */
export async function forgetStoredAnswers(tx: TenantTx, organizationId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  // strpos, not LIKE: an id may hold '_', which LIKE reads as a wildcard.
  const forgotten = await tx.execute(sql`
    delete from idempotency_keys k
     where k.organization_id = ${organizationId} and k.response_body is not null
       and exists (select 1 from unnest(${sql.param(ids)}::text[]) as named(id)
                    where strpos(k.response_body::text, '"' || named.id || '"') > 0)
    returning k.key`);
  return forgotten.rows.length;
}
