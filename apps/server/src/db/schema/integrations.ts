import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/**
 * Connection checks of the organization's integrations (issue 12's Integrations tab): one row per
 * real `GET {base}/metadata` the server made, with the address it reached, so a changed address
 * starts from no checks. Written by Test Connection (settings) and Check connections (emergency
 * room); never updated.
 */
export const integrationChecks = pgTable(
  'integration_checks',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: text('id').notNull(),
    integration: text('integration').notNull(),
    endpoint: text('endpoint').notNull(),
    ok: boolean('ok').notNull(),
    error: text('error'),
    fhirVersion: text('fhir_version'),
    software: text('software'),
    durationMs: integer('duration_ms').notNull(),
    checkedBy: text('checked_by'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('integration_checks_latest_idx').on(t.organizationId, t.integration, t.endpoint, t.checkedAt.desc()),
  ],
);
