import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { patients } from './patients.js';

/**
 * Connection checks of the organization's integrations (the emergency room's Integrations tab): one row per
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

/**
 * The credential the server sends to an integration (`Authorization: Bearer …`), kept apart from
 * the settings so no read of the settings ever returns it; written by Admins, never shown again,
 * and sealed (`platform/secret-box.ts`): only the server, with its key, opens it to send it.
 */
export const integrationCredentials = pgTable(
  'integration_credentials',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    integration: text('integration').notNull(),
    bearerToken: text('bearer_token').notNull(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.integration] })],
);

/**
 * Which directory patient an EHR Patient became (Sync Patients): per EHR base address and
 * Patient id, with the Patient's identifiers (`system|value`) for matching, and the values the last
 * sync brought, so a later sync changes only the fields the clinic has not edited since.
 */
export const ehrPatientLinks = pgTable(
  'ehr_patient_links',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    source: text('source').notNull(),
    externalId: text('external_id').notNull(),
    patientId: text('patient_id').notNull(),
    identifiers: text('identifiers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    synced: jsonb('synced').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.source, t.externalId] }),
    foreignKey({ columns: [t.organizationId, t.patientId], foreignColumns: [patients.organizationId, patients.id] }),
    index('ehr_patient_links_patient_idx').on(t.organizationId, t.patientId),
  ],
);
