import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinics } from './organizations.js';
import { queueEntries } from './queue.js';
import { createdAt, organizationId, tenantForeignKey, tenantPrimaryKey, tenantRecord, textList, timestamptz, updatedAt } from './tenant-columns.js';

/**
 * The emergency room. Alerts and risk assessments are written by the server itself when
 * the queue scores an entry; protocols, mass-casualty events and the clinic's emergency settings
 * by staff. Every row leads with its organization (RLS: `enable_tenant_rls`).
 */

/** A clinic's emergency settings: its trauma level, facility id and emergency bed count (Admin). */
export const emergencyFacilities = pgTable(
  'emergency_facilities',
  {
    organizationId: organizationId(),
    clinicId: text('clinic_id').notNull(),
    level: text('level'),
    facilityCode: text('facility_code'),
    bedCount: integer('bed_count'),
    updatedBy: text('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.clinicId] }), tenantForeignKey(t, t.clinicId, clinics)],
);

/**
 * Alerts. `cause` is set on the alerts the server raises (HIGH_RISK, VITALS...) with `subject_id`
 * (the patient, else the queue entry): one unresolved alert per subject and cause, so a re-score
 * raises nothing new until the alert is resolved.
 */
export const emergencyAlerts = pgTable(
  'emergency_alerts',
  {
    ...tenantRecord(),
    clinicId: text('clinic_id'),
    type: text('type').notNull(),
    cause: text('cause'),
    subjectId: text('subject_id'),
    severity: text('severity').notNull(),
    priority: integer('priority').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    message: text('message').notNull(),
    patientId: text('patient_id'),
    queueEntryId: text('queue_entry_id'),
    massCasualtyEventId: text('mass_casualty_event_id'),
    location: text('location'),
    raisedBy: text('raised_by'),
    createdAt: createdAt(),
    acknowledgedAt: timestamptz('acknowledged_at'),
    acknowledgedBy: text('acknowledged_by'),
    acknowledgeNote: text('acknowledge_note'),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: text('resolved_by'),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('emergency_alerts_clinic_idx').on(t.organizationId, t.clinicId, t.createdAt),
    // The board lists the alerts not resolved and those resolved since the clinic's midnight: one
    // index for each, so a poll never reads the organization's history of resolved alerts.
    index('emergency_alerts_unresolved_idx')
      .on(t.organizationId, t.createdAt)
      .where(sql`status <> 'RESOLVED'`),
    index('emergency_alerts_resolved_idx').on(t.organizationId, t.resolvedAt),
    uniqueIndex('emergency_alerts_open_cause_unique')
      .on(t.organizationId, t.cause, t.subjectId)
      .where(sql`cause IS NOT NULL AND status <> 'RESOLVED'`),
  ],
);

/** Every scoring of a queue entry (TRIAGE, KIOSK, VITALS, MANUAL), kept as history; VITALS rows carry the readings. */
export const emergencyRiskAssessments = pgTable(
  'emergency_risk_assessments',
  {
    ...tenantRecord(),
    clinicId: text('clinic_id').notNull(),
    queueEntryId: text('queue_entry_id').notNull(),
    patientId: text('patient_id'),
    assessmentType: text('assessment_type').notNull(),
    riskScore: integer('risk_score').notNull(),
    riskLevel: text('risk_level').notNull(),
    news2Score: integer('news2_score'),
    riskFactors: jsonb('risk_factors').$type<string[]>().notNull().default([]),
    recommendations: jsonb('recommendations').$type<string[]>().notNull().default([]),
    /** The readings of a VITALS assessment (temperature in Fahrenheit). */
    vitals: jsonb('vitals'),
    assessedBy: text('assessed_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.queueEntryId, queueEntries),
    index('emergency_risk_assessments_clinic_idx').on(t.organizationId, t.clinicId, t.createdAt),
    index('emergency_risk_assessments_entry_idx').on(t.organizationId, t.queueEntryId, t.createdAt),
  ],
);

/** What staff record about an entry for the emergency room: weight and whether a parent or guardian is present. */
export const emergencyEntryDetails = pgTable(
  'emergency_entry_details',
  {
    organizationId: organizationId(),
    queueEntryId: text('queue_entry_id').notNull(),
    parentPresent: boolean('parent_present'),
    weightKg: real('weight_kg'),
    updatedBy: text('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.queueEntryId] }), tenantForeignKey(t, t.queueEntryId, queueEntries)],
);

/** The organization's emergency protocols. */
export const emergencyProtocols = pgTable(
  'emergency_protocols',
  {
    ...tenantRecord(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    estimatedMinutes: integer('estimated_minutes').notNull(),
    requiredResources: textList('required_resources'),
    keywords: textList('keywords'),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantPrimaryKey(t), unique('emergency_protocols_name_unique').on(t.organizationId, t.name)],
);

/** A protocol's numbered steps; replaced as a whole when the protocol is edited. */
export const emergencyProtocolSteps = pgTable(
  'emergency_protocol_steps',
  {
    ...tenantRecord(),
    protocolId: text('protocol_id').notNull(),
    stepNumber: integer('step_number').notNull(),
    description: text('description').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    requiredStaff: textList('required_staff'),
    requiredEquipment: textList('required_equipment'),
    critical: boolean('critical').notNull().default(false),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.protocolId, emergencyProtocols),
    unique('emergency_protocol_steps_number_unique').on(t.organizationId, t.protocolId, t.stepNumber),
  ],
);

/** Mass-casualty events staff declare, update and close. */
export const massCasualtyEvents = pgTable(
  'mass_casualty_events',
  {
    ...tenantRecord(),
    clinicId: text('clinic_id'),
    eventType: text('event_type').notNull(),
    severity: text('severity').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    expectedArrivals: integer('expected_arrivals').notNull().default(0),
    resourcesNeeded: textList('resources_needed'),
    incidentAt: timestamptz('incident_at').notNull(),
    declaredBy: text('declared_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamptz('closed_at'),
    closedBy: text('closed_by'),
  },
  (t) => [tenantPrimaryKey(t), index('mass_casualty_events_clinic_idx').on(t.organizationId, t.clinicId, t.status)],
);

/** Patients tagged to an event with a START colour; tagging the same patient again changes the colour. */
export const massCasualtyPatients = pgTable(
  'mass_casualty_patients',
  {
    ...tenantRecord(),
    eventId: text('event_id').notNull(),
    /** The patient, else the queue entry: one tag per person and event. */
    subjectId: text('subject_id').notNull(),
    queueEntryId: text('queue_entry_id'),
    patientId: text('patient_id'),
    triageColor: text('triage_color').notNull(),
    taggedBy: text('tagged_by'),
    taggedAt: timestamptz('tagged_at').notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.eventId, massCasualtyEvents),
    unique('mass_casualty_patients_subject_unique').on(t.organizationId, t.eventId, t.subjectId),
  ],
);

export type EmergencyAlertRow = typeof emergencyAlerts.$inferSelect;
export type EmergencyRiskAssessmentRow = typeof emergencyRiskAssessments.$inferSelect;
export type EmergencyProtocolRow = typeof emergencyProtocols.$inferSelect;
export type EmergencyProtocolStepRow = typeof emergencyProtocolSteps.$inferSelect;
export type MassCasualtyEventRow = typeof massCasualtyEvents.$inferSelect;
export type MassCasualtyPatientRow = typeof massCasualtyPatients.$inferSelect;
