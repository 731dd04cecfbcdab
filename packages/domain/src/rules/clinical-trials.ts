/**
 * Clinical trials (clinical-workflows sections 2 and 3): the trial's and enrolment's
 * statuses, enrolment percent, eligibility, visit compliance and the serious adverse event clocks.
 */
import { addDays } from './clinic-time.js';
import { parseIsoDate } from './patient-age.js';

export const TRIAL_PHASES = ['Phase I', 'Phase II', 'Phase III', 'Phase IV'] as const;
export type TrialPhase = (typeof TRIAL_PHASES)[number];
export const TRIAL_STATUSES = ['Recruiting', 'Active', 'Completed', 'Suspended', 'Terminated'] as const;
export type TrialStatus = (typeof TRIAL_STATUSES)[number];
export const AGE_UNITS = ['months', 'years'] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];
export const ENROLLMENT_STATUSES = ['Active', 'Completed', 'Withdrawn'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export const TRIAL_VISIT_STATUSES = ['Scheduled', 'Completed', 'Missed'] as const;
export type TrialVisitStatus = (typeof TRIAL_VISIT_STATUSES)[number];
export const AE_SEVERITIES = ['Mild', 'Moderate', 'Severe', 'Life-threatening'] as const;
export type AdverseEventSeverity = (typeof AE_SEVERITIES)[number];
/** How likely the study intervention caused the event (the usual five-step scale). */
export const AE_RELATEDNESS = ['Unrelated', 'Unlikely', 'Possible', 'Probable', 'Definite'] as const;

/** The overview shows up to 3 trials; the safety tab up to 5 adverse events (section 2). */
export const OVERVIEW_TRIAL_LIMIT = 3;
export const SAFETY_EVENT_LIMIT = 5;

/** The seven reports of the Reports tab, by id, with the button's label. */
export const TRIAL_REPORTS = {
  enrollment: 'Enrollment',
  safety: 'Safety',
  compliance: 'Compliance',
  'data-monitoring': 'Data Monitoring',
  'fda-safety': 'FDA Safety',
  'irb-progress': 'IRB Progress',
  dsmb: 'DSMB',
} as const;
export type TrialReportId = keyof typeof TRIAL_REPORTS;
export const TRIAL_REPORT_IDS = Object.keys(TRIAL_REPORTS) as TrialReportId[];

/** Enrolment percent: current / target, as a whole percent rounded (section 2); 0 without a target. */
export function enrollmentPercent(current: number, target: number): number {
  if (!(target > 0)) return 0;
  return Math.round((current / target) * 100);
}

/** Whole calendar months from `dateOfBirth` to `on` (both `YYYY-MM-DD`); null when not a date or in the future. */
export function ageInMonths(dateOfBirth: string | null | undefined, on: string): number | null {
  const dob = parseIsoDate(dateOfBirth);
  const day = parseIsoDate(on);
  if (!dob || !day) return null;
  let months = (day.year - dob.year) * 12 + (day.month - dob.month);
  if (day.day < dob.day) months -= 1;
  return months < 0 ? null : months;
}

/** The age in a trial's unit: whole months, or whole years. */
export function ageInUnit(dateOfBirth: string | null | undefined, on: string, unit: AgeUnit): number | null {
  const months = ageInMonths(dateOfBirth, on);
  if (months === null) return null;
  return unit === 'months' ? months : Math.floor(months / 12);
}

/** What eligibility reads of a trial. */
export interface EligibilityTrial {
  status: string;
  ageMin: number;
  ageMax: number;
  ageUnit: AgeUnit;
  targetEnrollment: number;
  currentEnrollment: number;
}

/** Why a patient may not be enrolled: a code the API returns and a message the screen shows. */
export interface EligibilityRefusal {
  code: 'trials/not-recruiting' | 'trials/age-unknown' | 'trials/age-out-of-range' | 'trials/already-enrolled' | 'trials/enrollment-full';
  message: string;
}

/**
 * Whether a patient may be enrolled on `on` (`YYYY-MM-DD`): the trial is Recruiting, the age in
 * the trial's unit is within its range (both ends included), the patient is not already enrolled
 * and the target is not reached. Null when eligible, else the first refusal in that order.
 */
export function enrollmentRefusal(
  trial: EligibilityTrial,
  patient: { dateOfBirth: string | null | undefined; alreadyEnrolled: boolean },
  on: string,
): EligibilityRefusal | null {
  if (trial.status !== 'Recruiting') return { code: 'trials/not-recruiting', message: 'This trial is not recruiting.' };
  const age = ageInUnit(patient.dateOfBirth, on, trial.ageUnit);
  if (age === null) return { code: 'trials/age-unknown', message: "The patient's date of birth is needed to check the trial's age range." };
  if (age < trial.ageMin || age > trial.ageMax) {
    return {
      code: 'trials/age-out-of-range',
      message: `The patient's age (${age} ${trial.ageUnit}) is outside the trial's range of ${trial.ageMin} to ${trial.ageMax} ${trial.ageUnit}.`,
    };
  }
  if (patient.alreadyEnrolled) return { code: 'trials/already-enrolled', message: 'The patient is already enrolled in this trial.' };
  if (trial.currentEnrollment >= trial.targetEnrollment) {
    return { code: 'trials/enrollment-full', message: 'The trial has reached its target enrollment.' };
  }
  return null;
}

/** One visit as compliance reads it. */
export interface ComplianceVisit {
  scheduledDate: string;
  completedDate: string | null;
}

/**
 * Visit compliance: completed visits among the visits due so far (scheduled on or before `today`),
 * as a whole percent rounded; null while no visit is due yet.
 */
export function compliancePercent(visits: readonly ComplianceVisit[], today: string): number | null {
  const due = visits.filter((v) => v.scheduledDate <= today);
  if (due.length === 0) return null;
  const done = due.filter((v) => v.completedDate !== null).length;
  return Math.round((done / due.length) * 100);
}

/** Whether an event of this severity is a serious adverse event: Severe or Life-threatening. */
export function isSeriousAdverseEvent(severity: string): boolean {
  return severity === 'Severe' || severity === 'Life-threatening';
}

/**
 * Days from the event to the safety report's deadline: 7 for a life-threatening event, 15 for a
 * severe one (the FDA IND safety reporting clocks, 21 CFR 312.32); null for other events.
 */
export function reportingDays(severity: string): number | null {
  if (severity === 'Life-threatening') return 7;
  if (severity === 'Severe') return 15;
  return null;
}

/** The date a serious event's safety report is due (`YYYY-MM-DD`), or null for a non-serious one. */
export function reportingDueDate(severity: string, eventDate: string): string | null {
  const days = reportingDays(severity);
  const d = parseIsoDate(eventDate);
  if (days === null || !d) return null;
  return addDays(`${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`, days);
}

/** One planned visit of a trial: its name and its day counted from enrolment. */
export interface PlannedVisit {
  visitName: string;
  day: number;
  procedures: string[];
  assessments: string[];
}

/** The visit plan of a trial that states none: screening, baseline, then weeks 4, 12 and 24. */
export const DEFAULT_VISIT_PLAN: readonly PlannedVisit[] = [
  { visitName: 'Screening', day: 0, procedures: ['Informed consent', 'Medical history'], assessments: ['Eligibility check'] },
  { visitName: 'Baseline', day: 7, procedures: ['Physical exam', 'Vital signs'], assessments: ['Baseline measures'] },
  { visitName: 'Week 4', day: 28, procedures: ['Vital signs'], assessments: ['Adverse event review'] },
  { visitName: 'Week 12', day: 84, procedures: ['Physical exam', 'Vital signs'], assessments: ['Primary endpoint'] },
  { visitName: 'Week 24', day: 168, procedures: ['Physical exam'], assessments: ['End of study review'] },
];

/** The visit schedule of an enrolment made on `enrollmentDate`: each planned visit with its number and date. */
export function visitSchedule(plan: readonly PlannedVisit[], enrollmentDate: string) {
  return plan.map((v, i) => ({
    visitNumber: i + 1,
    visitName: v.visitName,
    scheduledDate: addDays(enrollmentDate, v.day),
    procedures: v.procedures,
    assessments: v.assessments,
  }));
}
