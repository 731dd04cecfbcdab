import { boolean, date, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { patients } from './patients.js';
import { createdAt, organizationId, tenantForeignKey, tenantPrimaryKey, tenantRecord, textList, timestamptz, updatedAt } from './tenant-columns.js';

/**
 * Clinical trials of an organization, with every field of the spec's Clinical trial. The
 * `current_enrollment` is kept by the enrolment service in the same transaction as each enrolment
 * or withdrawal (the trial's row lock orders simultaneous enrolments against the target).
 */
export const clinicalTrials = pgTable(
  'clinical_trials',
  {
    ...tenantRecord(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantPrimaryKey(t), index('clinical_trials_status_idx').on(t.organizationId, t.status, t.startDate)],
);

/** A patient's enrolment in a trial; one per patient and trial (a withdrawn patient stays on record). */
export const trialEnrollments = pgTable(
  'trial_enrollments',
  {
    ...tenantRecord(),
    trialId: text('trial_id').notNull(),
    patientId: text('patient_id').notNull(),
    screeningNumber: text('screening_number'),
    enrollmentDate: date('enrollment_date', { mode: 'string' }).notNull(),
    randomizationGroup: text('randomization_group'),
    status: text('status').notNull().default('Active'),
    withdrawalReason: text('withdrawal_reason'),
    withdrawnAt: timestamptz('withdrawn_at'),
    enrolledBy: text('enrolled_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.trialId, clinicalTrials),
    tenantForeignKey(t, t.patientId, patients),
    unique('trial_enrollments_patient_key').on(t.organizationId, t.trialId, t.patientId),
    index('trial_enrollments_patient_idx').on(t.organizationId, t.patientId),
  ],
);

/** The visit schedule of an enrolment: one row per planned visit. */
export const trialVisits = pgTable(
  'trial_visits',
  {
    organizationId: organizationId(),
    enrollmentId: text('enrollment_id').notNull(),
    visitNumber: integer('visit_number').notNull(),
    visitName: text('visit_name').notNull(),
    scheduledDate: date('scheduled_date', { mode: 'string' }).notNull(),
    completedDate: date('completed_date', { mode: 'string' }),
    procedures: textList('procedures'),
    assessments: textList('assessments'),
    completedBy: text('completed_by'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.enrollmentId, t.visitNumber] }), tenantForeignKey(t, t.enrollmentId, trialEnrollments)],
);

/**
 * Adverse events reported in a trial. A Severe or Life-threatening one is serious and carries the
 * date its safety report is due (`rules/clinical-trials.ts`). Rows are never deleted.
 */
export const trialAdverseEvents = pgTable(
  'trial_adverse_events',
  {
    ...tenantRecord(),
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
    resolvedAt: timestamptz('resolved_at'),
    actionTaken: text('action_taken'),
    reportedBy: text('reported_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t, t.trialId, clinicalTrials),
    tenantForeignKey(t, t.patientId, patients),
    index('trial_adverse_events_trial_idx').on(t.organizationId, t.trialId, t.eventDate),
    index('trial_adverse_events_recent_idx').on(t.organizationId, t.createdAt),
  ],
);

export type ClinicalTrialRow = typeof clinicalTrials.$inferSelect;
export type TrialEnrollmentRow = typeof trialEnrollments.$inferSelect;
export type TrialVisitRow = typeof trialVisits.$inferSelect;
export type TrialAdverseEventRow = typeof trialAdverseEvents.$inferSelect;
