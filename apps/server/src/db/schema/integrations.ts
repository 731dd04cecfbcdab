import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * The key pairs an organization signs its SMART Backend Services assertions with (Epic's app
 * registration reads the public halves from the organization's JWKS URL). The private key is
 * sealed (`platform/secret-box.ts`). A rotated key gets `retired_at` and stays published until
 * the tokens it obtained have expired; only the newest unretired key signs.
 */
export const integrationSigningKeys = pgTable(
  'integration_signing_keys',
  {
    organizationId: organizationId(),
    kid: text('kid').notNull(),
    integration: text('integration').notNull(),
    algorithm: text('algorithm').notNull(),
    publicJwk: jsonb('public_jwk').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    retiredAt: timestamptz('retired_at'),
    createdBy: text('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.kid] }),
    index('integration_signing_keys_integration_idx').on(t.organizationId, t.integration, t.createdAt),
  ],
);

/**
 * Runs of Sync Patients, worked by a background job: `queued`, then `running` (a worker claimed it
 * and moves `heartbeat_at` while it works), then `succeeded` or `failed`. A running row whose
 * heartbeat stopped (its instance ended) is taken up again by the next worker, so a run survives a
 * restart. `progress` is what the screen shows while it runs; `summary` what it did.
 */
export const ehrSyncRuns = pgTable(
  'ehr_sync_runs',
  {
    ...tenantRecord(),
    integration: text('integration').notNull(),
    status: text('status').notNull().default('queued'),
    requestedBy: text('requested_by'),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    heartbeatAt: timestamptz('heartbeat_at'),
    finishedAt: timestamptz('finished_at'),
    attempts: integer('attempts').notNull().default(0),
    progress: jsonb('progress'),
    summary: jsonb('summary'),
    error: text('error'),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('ehr_sync_runs_latest_idx').on(t.organizationId, t.integration, t.requestedAt.desc()),
    // One open run per organization and integration: a second Sync Patients joins the open one.
    uniqueIndex('ehr_sync_runs_open_unique')
      .on(t.organizationId, t.integration)
      .where(sql`status IN ('queued', 'running')`),
  ],
);
