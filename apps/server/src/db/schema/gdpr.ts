import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { patients } from './patients.js';

/**
 * Patients' rights requests, recorded by staff on the patient's behalf: received,
 * due 30 days later, open until completed or rejected (who and how are kept). Never deleted.
 */
export const gdprRightsRequests = pgTable(
  'gdpr_rights_requests',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: text('id').notNull(),
    /** The patient's clinic: the lists are the request's clinic's, as the patient directory is. */
    clinicId: text('clinic_id').notNull(),
    patientId: text('patient_id').notNull(),
    type: text('type').notNull(),
    notes: text('notes'),
    status: text('status').notNull().default('OPEN'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
    recordedBy: text('recorded_by'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: text('completed_by'),
    resolution: text('resolution'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({ columns: [t.organizationId, t.patientId], foreignColumns: [patients.organizationId, patients.id] }),
    index('gdpr_rights_requests_patient_idx').on(t.organizationId, t.patientId, t.receivedAt),
    index('gdpr_rights_requests_open_idx')
      .on(t.organizationId, t.clinicId, t.dueDate)
      .where(sql`status = 'OPEN'`),
    index('gdpr_rights_requests_clinic_idx').on(t.organizationId, t.clinicId, t.receivedAt),
  ],
);

/** Consents a patient gave, one row per purpose given; withdrawing keeps the row with its date. */
export const gdprConsents = pgTable(
  'gdpr_consents',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: text('id').notNull(),
    clinicId: text('clinic_id').notNull(),
    patientId: text('patient_id').notNull(),
    purpose: text('purpose').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    recordedBy: text('recorded_by'),
    withdrawnBy: text('withdrawn_by'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({ columns: [t.organizationId, t.patientId], foreignColumns: [patients.organizationId, patients.id] }),
    index('gdpr_consents_patient_idx').on(t.organizationId, t.patientId, t.givenAt),
    index('gdpr_consents_clinic_idx').on(t.organizationId, t.clinicId, t.purpose),
  ],
);

export type GdprRightsRequestRow = typeof gdprRightsRequests.$inferSelect;
export type GdprConsentRow = typeof gdprConsents.$inferSelect;
