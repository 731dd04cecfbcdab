import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/**
 * An organization's API keys for the FHIR server (`/fhir/R4`): a name, SMART-style read scopes and
 * the SHA-256 of the secret (shown once at creation; `platform/api-keys.ts`). The secret names the
 * organization and the key, so a request finds its row by primary key inside that organization's
 * tenant transaction. Keys are revoked, never deleted: the audit trail names them.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    secretHash: text('secret_hash').notNull(),
    /** The start of the secret, to tell keys apart in the list. */
    prefix: text('prefix').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), index('api_keys_created_idx').on(t.organizationId, t.createdAt)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
