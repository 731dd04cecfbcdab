import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { patients } from './patients.js';
import { organizationId, tenantForeignKey, tenantPrimaryKey, tenantRecord, textList, timestamptz, updatedAt } from './tenant-columns.js';

/**
 * Connection checks of the organization's integrations (the emergency room's Integrations tab): one row per
 * real `GET {base}/metadata` the server made, with the address it reached, so a changed address
 * starts from no checks. Written by Test Connection (settings) and Check connections (emergency
 * room); never updated.
 */
export const integrationChecks = pgTable(
  'integration_checks',
  {
    ...tenantRecord(),
    integration: text('integration').notNull(),
    endpoint: text('endpoint').notNull(),
    ok: boolean('ok').notNull(),
    error: text('error'),
    fhirVersion: text('fhir_version'),
    software: text('software'),
    durationMs: integer('duration_ms').notNull(),
    checkedBy: text('checked_by'),
    checkedAt: timestamptz('checked_at').notNull().defaultNow(),
  },
  (t) => [tenantPrimaryKey(t), index('integration_checks_latest_idx').on(t.organizationId, t.integration, t.endpoint, t.checkedAt.desc())],
);

/**
 * The credential the server sends to an integration (`Authorization: Bearer …`), kept apart from
 * the settings so no read of the settings ever returns it; written by Admins, never shown again,
 * and sealed (`platform/secret-box.ts`): only the server, with its key, opens it to send it.
 */
export const integrationCredentials = pgTable(
  'integration_credentials',
  {
    organizationId: organizationId(),
    integration: text('integration').notNull(),
    bearerToken: text('bearer_token').notNull(),
    updatedBy: text('updated_by'),
    updatedAt: updatedAt(),
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
    organizationId: organizationId(),
    source: text('source').notNull(),
    externalId: text('external_id').notNull(),
    patientId: text('patient_id').notNull(),
    identifiers: textList('identifiers'),
    synced: jsonb('synced').notNull(),
    syncedAt: timestamptz('synced_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.source, t.externalId] }),
    tenantForeignKey(t, t.patientId, patients),
    index('ehr_patient_links_patient_idx').on(t.organizationId, t.patientId),
  ],
);
