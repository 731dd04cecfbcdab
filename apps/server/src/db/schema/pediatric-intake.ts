import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { clinics } from './organizations.js';
import { patients } from './patients.js';
import { createdAt, organizationId, tenantForeignKey, tenantPrimaryKey, tenantRecord, timestamptz } from './tenant-columns.js';

/**
 * Pediatric intake records: the whole record as submitted (`record`, the contract's parsed body),
 * with the patient it created and the trial it named. Never updated, never deleted.
 */
export const pediatricIntakes = pgTable(
  'pediatric_intakes',
  {
    ...tenantRecord(),
    clinicId: text('clinic_id').notNull(),
    patientId: text('patient_id').notNull(),
    trialId: text('trial_id'),
    consentStatus: text('consent_status').notNull(),
    screeningNumber: text('screening_number'),
    record: jsonb('record').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.clinicId, clinics),
    tenantForeignKey(t, t.patientId, patients),
    index('pediatric_intakes_patient_idx').on(t.organizationId, t.patientId),
  ],
);

/**
 * The short-lived authorisation an anonymous intake gets for its patient's enrol and queue calls:
 * only a SHA-256 of the token is stored; each call may use it once (`enroll_used_at`,
 * `queue_used_at`), set by a conditional update so two simultaneous calls cannot both pass.
 */
export const intakeTokens = pgTable(
  'intake_tokens',
  {
    organizationId: organizationId(),
    tokenHash: text('token_hash').notNull(),
    intakeId: text('intake_id').notNull(),
    patientId: text('patient_id').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    enrollUsedAt: timestamptz('enroll_used_at'),
    queueUsedAt: timestamptz('queue_used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.tokenHash] }), tenantForeignKey(t, t.intakeId, pediatricIntakes)],
);
