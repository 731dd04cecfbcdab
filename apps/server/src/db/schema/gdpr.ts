import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { patients } from './patients.js';
import { tenantForeignKey, tenantPrimaryKey, tenantRecord, timestamptz } from './tenant-columns.js';

/**
 * Patients' rights requests, recorded by staff on the patient's behalf: received,
 * due 30 days later, open until completed or rejected (who and how are kept). Never deleted.
 */
export const gdprRightsRequests = pgTable(
  'gdpr_rights_requests',
  {
    ...tenantRecord(),
    /** The patient's clinic: the lists are the request's clinic's, as the patient directory is. */
    clinicId: text('clinic_id').notNull(),
    patientId: text('patient_id').notNull(),
    type: text('type').notNull(),
    notes: text('notes'),
    status: text('status').notNull().default('OPEN'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    dueDate: timestamptz('due_date').notNull(),
    recordedBy: text('recorded_by'),
    completedAt: timestamptz('completed_at'),
    completedBy: text('completed_by'),
    resolution: text('resolution'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.patientId, patients),
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
    ...tenantRecord(),
    clinicId: text('clinic_id').notNull(),
    patientId: text('patient_id').notNull(),
    purpose: text('purpose').notNull(),
    givenAt: timestamptz('given_at').notNull().defaultNow(),
    withdrawnAt: timestamptz('withdrawn_at'),
    recordedBy: text('recorded_by'),
    withdrawnBy: text('withdrawn_by'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.patientId, patients),
    index('gdpr_consents_patient_idx').on(t.organizationId, t.patientId, t.givenAt),
    index('gdpr_consents_clinic_idx').on(t.organizationId, t.clinicId, t.purpose),
  ],
);

export type GdprRightsRequestRow = typeof gdprRightsRequests.$inferSelect;
export type GdprConsentRow = typeof gdprConsents.$inferSelect;
