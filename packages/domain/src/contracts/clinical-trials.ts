/**
 * Clinical trials (clinical-workflows sections 2, 3 and 7): the trial, its enrolments
 * with their visit schedules, its adverse events and its reports, as the API takes and returns
 * them. Field names are the spec's (Clinical trial, Trial enrollment).
 */
import { z } from 'zod';
import {
  AE_RELATEDNESS,
  AE_SEVERITIES,
  AGE_UNITS,
  ENROLLMENT_STATUSES,
  TRIAL_PHASES,
  TRIAL_REPORT_IDS,
  TRIAL_STATUSES,
  TRIAL_VISIT_STATUSES,
} from '../rules/clinical-trials.js';
import { eventDate } from './calendar-date.js';
import { LONG_TEXT, SHORT_TEXT, idSchema, optionalText, requiredText } from './common.js';

/** Most entries of a trial's lists (indications, criteria...). */
export const MAX_TRIAL_LIST = 50;
/** Oldest age a trial's range may name, in its unit. */
export const MAX_TRIAL_AGE = 1200;

const date = eventDate;
const list = z.preprocess(
  (v) => v ?? [],
  z
    .array(z.string().trim().max(LONG_TEXT))
    .max(MAX_TRIAL_LIST)
    .transform((l) => l.filter((s) => s.length > 0)),
);

/** A trial's age range in its unit, both ends included. */
export const ageRange = z
  .object({ min: z.number().int().min(0).max(MAX_TRIAL_AGE), max: z.number().int().min(0).max(MAX_TRIAL_AGE), unit: z.enum(AGE_UNITS) })
  .refine((r) => r.min <= r.max, { message: 'The minimum age must not be above the maximum', path: ['max'] });

/** A trial as created and edited (`POST /api/clinical-trials`, `PUT /api/clinical-trials/{id}`). */
export const trialBody = z
  .object({
    title: requiredText(SHORT_TEXT, 'Title'),
    phase: z.enum(TRIAL_PHASES),
    status: z.enum(TRIAL_STATUSES),
    sponsor: requiredText(SHORT_TEXT, 'Sponsor'),
    principalInvestigator: requiredText(SHORT_TEXT, 'Principal investigator'),
    startDate: date,
    endDate: z.preprocess((v) => (v === '' ? null : v), date.nullable().optional()),
    targetEnrollment: z.number().int().min(1).max(100_000),
    ageRange,
    indications: list,
    interventions: list,
    endpoints: list,
    inclusionCriteria: list,
    exclusionCriteria: list,
    protocol: optionalText(SHORT_TEXT),
    regulatoryApproval: optionalText(SHORT_TEXT),
  })
  .refine((t) => !t.endDate || t.endDate >= t.startDate, { message: 'The end date must not be before the start date', path: ['endDate'] });
export type TrialBody = z.infer<typeof trialBody>;
export type TrialInput = z.input<typeof trialBody>;

/** A trial as staff read it. */
export const trialDto = z.object({
  id: z.string(),
  title: z.string(),
  phase: z.enum(TRIAL_PHASES),
  status: z.enum(TRIAL_STATUSES),
  sponsor: z.string(),
  principalInvestigator: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  targetEnrollment: z.number(),
  currentEnrollment: z.number(),
  enrollmentPercent: z.number(),
  ageRange: z.object({ min: z.number(), max: z.number(), unit: z.enum(AGE_UNITS) }),
  indications: z.array(z.string()),
  interventions: z.array(z.string()),
  endpoints: z.array(z.string()),
  inclusionCriteria: z.array(z.string()),
  exclusionCriteria: z.array(z.string()),
  protocol: z.string().nullable(),
  regulatoryApproval: z.string().nullable(),
  openSeriousEvents: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TrialDto = z.infer<typeof trialDto>;

/** What anyone may read of a recruiting trial (the intake's title): no sponsor, no counts. */
export const publicTrialDto = trialDto.pick({ id: true, title: true, status: true, ageRange: true });
export type PublicTrialDto = z.infer<typeof publicTrialDto>;

/** One visit of an enrolment's schedule. */
export const trialVisitDto = z.object({
  visitNumber: z.number(),
  visitName: z.string(),
  scheduledDate: z.string(),
  completedDate: z.string().nullable(),
  procedures: z.array(z.string()),
  assessments: z.array(z.string()),
  status: z.enum(TRIAL_VISIT_STATUSES),
});
export type TrialVisitDto = z.infer<typeof trialVisitDto>;

/** An enrolment as staff read it. */
export const enrollmentDto = z.object({
  id: z.string(),
  trialId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  screeningNumber: z.string().nullable(),
  enrollmentDate: z.string(),
  randomizationGroup: z.string().nullable(),
  status: z.enum(ENROLLMENT_STATUSES),
  withdrawalReason: z.string().nullable(),
  visitSchedule: z.array(trialVisitDto),
  compliance: z.number().nullable(),
});
export type EnrollmentDto = z.infer<typeof enrollmentDto>;

/** `POST /api/clinical-trials/{trialId}/enroll`. */
export const enrollBody = z.object({
  patientId: idSchema,
  screeningNumber: optionalText(50),
  randomizationGroup: optionalText(100),
});
export type EnrollBody = z.infer<typeof enrollBody>;

/** `POST /api/clinical-trials/enrollments/{id}/withdraw`. */
export const withdrawBody = z.object({ reason: requiredText(LONG_TEXT, 'Reason') });

/** `POST /api/clinical-trials/enrollments/{id}/visits/{visitNumber}/complete`: the day it was done (default today). */
export const visitCompletionBody = z.object({ completedDate: date.optional() });
export const visitParams = z.object({ id: idSchema, visitNumber: z.coerce.number().int().min(1).max(1000) });

/** An adverse event as reported (`POST /api/clinical-trials/{id}/adverse-events`). */
export const adverseEventBody = z.object({
  patientId: idSchema,
  eventType: requiredText(SHORT_TEXT, 'Event type'),
  severity: z.enum(AE_SEVERITIES),
  relatedness: z.enum(AE_RELATEDNESS),
  description: requiredText(LONG_TEXT, 'Description'),
  date,
  actionTaken: optionalText(LONG_TEXT),
});
export type AdverseEventBody = z.infer<typeof adverseEventBody>;
export type AdverseEventInput = z.input<typeof adverseEventBody>;

/** `POST /api/clinical-trials/adverse-events/{id}/resolve`. */
export const resolveAdverseEventBody = z.object({ actionTaken: optionalText(LONG_TEXT) });

/** An adverse event as staff read it; a serious one carries its report's due date. */
export const adverseEventDto = z.object({
  id: z.string(),
  trialId: z.string(),
  trialTitle: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  eventType: z.string(),
  severity: z.enum(AE_SEVERITIES),
  relatedness: z.enum(AE_RELATEDNESS),
  description: z.string(),
  date: z.string(),
  resolved: z.boolean(),
  actionTaken: z.string().nullable(),
  serious: z.boolean(),
  reportingDueDate: z.string().nullable(),
  reportedAt: z.string(),
});
export type AdverseEventDto = z.infer<typeof adverseEventDto>;

/** A report's path and format (`GET /api/clinical-trials/{id}/reports/{report}?format=csv|html`). */
export const reportParams = z.object({ id: idSchema, report: z.enum(TRIAL_REPORT_IDS as [string, ...string[]]) });
export const reportQuery = z.object({ format: z.enum(['csv', 'html']).default('csv') });

/** `GET /api/clinical-trials/adverse-events`: the organization's latest events (the Safety tab). */
export const adverseEventListQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** `GET /api/clinical-trials`: the organization's trials. */
export const trialListResponse = z.object({ success: z.literal(true), trials: z.array(trialDto) });

/** `POST /api/clinical-trials`, `PUT /api/clinical-trials/{id}`: the trial as saved. */
export const trialResponse = z.object({ success: z.literal(true), trial: trialDto });

/** `GET /api/clinical-trials/{id}?view=public`: what anyone may read of a recruiting trial. */
export const publicTrialResponse = z.object({ success: z.literal(true), trial: publicTrialDto });

/**
 * `GET /api/clinical-trials/{id}`: the trial in full to staff, its public part to anyone else
 * (the full form first: a reply is serialized by the first form it fits).
 */
export const trialReadResponse = z.object({ success: z.literal(true), trial: z.union([trialDto, publicTrialDto]) });

/** A trial's enrolments (`GET /api/clinical-trials/{id}/enrollments`). */
export const enrollmentListResponse = z.object({ success: z.literal(true), enrollments: z.array(enrollmentDto) });

/** An enrolment as made or changed (enrol, withdraw, a visit completed). */
export const enrollmentResponse = z.object({ success: z.literal(true), enrollment: enrollmentDto });

/** Adverse events (`GET /api/clinical-trials/adverse-events`, `GET /api/clinical-trials/{id}/adverse-events`). */
export const adverseEventListResponse = z.object({ success: z.literal(true), adverseEvents: z.array(adverseEventDto) });

/** An adverse event as reported or resolved. */
export const adverseEventResponse = z.object({ success: z.literal(true), adverseEvent: adverseEventDto });

/** A trial's report: a CSV file, or with `?format=html` a printable HTML page. */
export const trialReportResponse = z.string();
