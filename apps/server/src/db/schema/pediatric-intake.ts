import { foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clinics, organizations } from './organizations.js';
import { patients } from './patients.js';

/**
 * Pediatric intake records: the whole record as submitted (`record`, the contract's parsed body),
 * with the patient it created and the trial it named. Never updated, never deleted.
 */
export const pediatricIntakes = pgTable(
  'pediatric_intakes',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: text('id').notNull(),
    clinicId: text('clinic_id').notNull(),
    patientId: text('patient_id').notNull(),
    trialId: text('trial_id'),
    consentStatus: text('consent_status').notNull(),
    screeningNumber: text('screening_number'),
    record: jsonb('record').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({ columns: [t.organizationId, t.clinicId], foreignColumns: [clinics.organizationId, clinics.id] }),
    foreignKey({ columns: [t.organizationId, t.patientId], foreignColumns: [patients.organizationId, patients.id] }),
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
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    tokenHash: text('token_hash').notNull(),
    intakeId: text('intake_id').notNull(),
    patientId: text('patient_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    enrollUsedAt: timestamp('enroll_used_at', { withTimezone: true }),
    queueUsedAt: timestamp('queue_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.tokenHash] }),
    foreignKey({ columns: [t.organizationId, t.intakeId], foreignColumns: [pediatricIntakes.organizationId, pediatricIntakes.id] }),
  ],
);
