import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { patients } from './patients.js';

const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/**
 * Clinical trials of an organization, with every field of the spec's Clinical trial. The
 * `current_enrollment` is kept by the enrolment service in the same transaction as each enrolment
 * or withdrawal (the trial's row lock orders simultaneous enrolments against the target).
 */
export const clinicalTrials = pgTable(
  'clinical_trials',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: text('id').notNull(),
    title: text('title').notNull(),
    phase: text('phase').notNull(),
    status: text('status').notNull(),
    sponsor: text('sponsor').notNull(),
    principalInvestigator: text('principal_investigator').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    targetEnrollment: integer('target_enrollment').notNull(),
    currentEnrollment: integer('current_enrollment').notNull().default(0),
    ageMin: integer('age_min').notNull(),
    ageMax: integer('age_max').notNull(),
    ageUnit: text('age_unit').notNull(),
    indications: textList('indications'),
    interventions: textList('interventions'),
    endpoints: textList('endpoints'),
    inclusionCriteria: textList('inclusion_criteria'),
    exclusionCriteria: textList('exclusion_criteria'),
    protocol: text('protocol'),
    regulatoryApproval: text('regulatory_approval'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), index('clinical_trials_status_idx').on(t.organizationId, t.status, t.startDate)],
);

/** A patient's enrolment in a trial; one per patient and trial (a withdrawn patient stays on record). */
export const trialEnrollments = pgTable(
  'trial_enrollments',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: text('id').notNull(),
    trialId: text('trial_id').notNull(),
    patientId: text('patient_id').notNull(),
    screeningNumber: text('screening_number'),
    enrollmentDate: date('enrollment_date', { mode: 'string' }).notNull(),
    randomizationGroup: text('randomization_group'),
    status: text('status').notNull().default('Active'),
    withdrawalReason: text('withdrawal_reason'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    enrolledBy: text('enrolled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({ columns: [t.organizationId, t.trialId], foreignColumns: [clinicalTrials.organizationId, clinicalTrials.id] }),
    foreignKey({ columns: [t.organizationId, t.patientId], foreignColumns: [patients.organizationId, patients.id] }),
    unique('trial_enrollments_patient_key').on(t.organizationId, t.trialId, t.patientId),
    index('trial_enrollments_patient_idx').on(t.organizationId, t.patientId),
  ],
);

/** The visit schedule of an enrolment: one row per planned visit. */
export const trialVisits = pgTable(
  'trial_visits',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    enrollmentId: text('enrollment_id').notNull(),
    visitNumber: integer('visit_number').notNull(),
    visitName: text('visit_name').notNull(),
    scheduledDate: date('scheduled_date', { mode: 'string' }).notNull(),
    completedDate: date('completed_date', { mode: 'string' }),
    procedures: textList('procedures'),
    assessments: textList('assessments'),
    completedBy: text('completed_by'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.enrollmentId, t.visitNumber] }),
    foreignKey({ columns: [t.organizationId, t.enrollmentId], foreignColumns: [trialEnrollments.organizationId, trialEnrollments.id] }),
  ],
);

/**
 * Adverse events reported in a trial. A Severe or Life-threatening one is serious and carries the
 * date its safety report is due (`rules/clinical-trials.ts`). Rows are never deleted.
 */
export const trialAdverseEvents = pgTable(
  'trial_adverse_events',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: text('id').notNull(),
    trialId: text('trial_id').notNull(),
    patientId: text('patient_id').notNull(),
    eventType: text('event_type').notNull(),
    severity: text('severity').notNull(),
    relatedness: text('relatedness').notNull(),
    description: text('description').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    serious: boolean('serious').notNull(),
    reportingDueDate: date('reporting_due_date', { mode: 'string' }),
    resolved: boolean('resolved').notNull().default(false),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    actionTaken: text('action_taken'),
    reportedBy: text('reported_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({ columns: [t.organizationId, t.trialId], foreignColumns: [clinicalTrials.organizationId, clinicalTrials.id] }),
    foreignKey({ columns: [t.organizationId, t.patientId], foreignColumns: [patients.organizationId, patients.id] }),
    index('trial_adverse_events_trial_idx').on(t.organizationId, t.trialId, t.eventDate),
    index('trial_adverse_events_recent_idx').on(t.organizationId, t.createdAt),
  ],
);

export type ClinicalTrialRow = typeof clinicalTrials.$inferSelect;
export type TrialEnrollmentRow = typeof trialEnrollments.$inferSelect;
export type TrialVisitRow = typeof trialVisits.$inferSelect;
export type TrialAdverseEventRow = typeof trialAdverseEvents.$inferSelect;
