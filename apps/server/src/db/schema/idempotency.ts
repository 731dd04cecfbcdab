import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, organizationId } from './tenant-columns.js';

/**
 * The answers given to requests that carried an `Idempotency-Key` (`platform/idempotency.ts`): one
 * row per organization, route scope and key, written in the request's own transaction, so a row
 * exists exactly when the request's changes were committed. Holds a hash of the request, never
 * the request itself; the response is what the caller was already told. Rows older than a day
 * are expired (deleted on later writes).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: organizationId(),
    /** The route (or routes sharing one key space, such as the kiosk check-in's two URLs). */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request's clinic, parameters and parsed body: a reused key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** The answer's status and body; set before the transaction that claimed the key commits. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.organizationId, t.createdAt)],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
