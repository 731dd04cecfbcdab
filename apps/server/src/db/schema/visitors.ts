import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, real, text, unique } from 'drizzle-orm/pg-core';
import { clinics } from './organizations.js';
import { createdAt, tenantForeignKey, tenantPrimaryKey, tenantRecord, textList, timestamptz } from './tenant-columns.js';

/**
 * Visits: one row per check-in (kiosk or staff), with the spec's Visitor fields. The status is not
 * stored: it is derived from the check-out, the restriction and the badge's valid-until at read
 * time (`rules/visitors.ts`, and the same conditions in SQL), so lists, counts and the per-patient
 * limit always agree. Rows are never deleted.
 */
export const visitors = pgTable(
  'visitors',
  {
    ...tenantRecord(),
    clinicId: text('clinic_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone').notNull(),
    phoneDigits: text('phone_digits').notNull(),
    relationship: text('relationship').notNull(),
    visitPurpose: text('visit_purpose').notNull(),
    patientId: text('patient_id'),
    patientName: text('patient_name').notNull(),
    department: text('department'),
    floor: text('floor'),
    roomNumber: text('room_number'),
    checkInTime: timestamptz('check_in_time').notNull(),
    checkOutTime: timestamptz('check_out_time'),
    validUntil: timestamptz('valid_until').notNull(),
    badgeNumber: text('badge_number').notNull(),
    accessLevel: text('access_level').notNull().default('General'),
    escortRequired: boolean('escort_required').notNull().default(false),
    escortName: text('escort_name'),
    specialInstructions: text('special_instructions'),
    idDocumentType: text('id_document_type'),
    idDocumentNumber: text('id_document_number'),
    idDocumentIssuedBy: text('id_document_issued_by'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    emergencyContactRelationship: text('emergency_contact_relationship'),
    healthScreening: boolean('health_screening').notNull().default(false),
    temperature: real('temperature'),
    symptoms: textList('symptoms'),
    wheelchairAccess: boolean('wheelchair_access').notNull().default(false),
    /** 'kiosk' or 'staff'. */
    source: text('source').notNull(),
    hoursOverrideReason: text('hours_override_reason'),
    rating: integer('rating'),
    restrictedAt: timestamptz('restricted_at'),
    checkedInBy: text('checked_in_by'),
    checkedOutBy: text('checked_out_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.clinicId, clinics),
    index('visitors_check_in_idx').on(t.organizationId, t.checkInTime, t.id),
    // The per-patient count and "currently checked in" read only visits still open.
    index('visitors_open_patient_idx')
      .on(t.organizationId, t.patientId, t.validUntil)
      .where(sql`check_out_time IS NULL AND restricted_at IS NULL`),
    index('visitors_badge_idx').on(t.organizationId, t.badgeNumber, t.checkInTime),
    index('visitors_person_idx').on(t.organizationId, t.phoneDigits, t.checkInTime),
  ],
);

/**
 * Badges issued to visitors. A badge number is unique within the organization among the badges of
 * one organization-local day (`issued_on`): the unique index decides between simultaneous
 * check-ins, and the check-in retries with another number (`ON CONFLICT DO NOTHING`).
 */
export const visitorBadges = pgTable(
  'visitor_badges',
  {
    ...tenantRecord(),
    visitorId: text('visitor_id').notNull(),
    badgeNumber: text('badge_number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    badgeType: text('badge_type').notNull().default('Standard'),
    color: text('color').notNull(),
    validUntil: timestamptz('valid_until').notNull(),
    accessLevel: text('access_level').notNull().default('General'),
    printed: boolean('printed').notNull().default(false),
    issuedBy: text('issued_by').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.visitorId, visitors),
    unique('visitor_badges_number_day_unique').on(t.organizationId, t.issuedOn, t.badgeNumber),
    index('visitor_badges_visitor_idx').on(t.organizationId, t.visitorId),
  ],
);

/**
 * The restricted-visitor watch list, set by staff: a name with a phone number and/or an ID number.
 * A kiosk check-in that matches an entry still in force is refused and raises a security alert.
 * Entries are lifted (`lifted_at`), never deleted.
 */
export const visitorWatchList = pgTable(
  'visitor_watch_list',
  {
    ...tenantRecord(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** `nameKey('first last')`: accents, case and spacing removed. */
    nameKey: text('name_key').notNull(),
    phoneDigits: text('phone_digits'),
    documentKey: text('document_key'),
    reason: text('reason').notNull(),
    /** The visit staff restricted, when the entry came from one. */
    visitorId: text('visitor_id'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    liftedAt: timestamptz('lifted_at'),
    liftedBy: text('lifted_by'),
    liftReason: text('lift_reason'),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('visitor_watch_list_name_idx')
      .on(t.organizationId, t.nameKey)
      .where(sql`lifted_at IS NULL`),
    index('visitor_watch_list_visitor_idx').on(t.organizationId, t.visitorId),
  ],
);

export type VisitorRow = typeof visitors.$inferSelect;
export type VisitorBadgeRow = typeof visitorBadges.$inferSelect;
export type VisitorWatchListRow = typeof visitorWatchList.$inferSelect;
