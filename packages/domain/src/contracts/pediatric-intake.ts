/**
 * Pediatric intake (clinical-workflows sections 3, 7 and 9): the intake record as
 * `POST /api/patients/pediatric` takes it, and the queue call after it. Lists travel as arrays of
 * strings (the wizard splits its comma text); choices are the spec's lower-case values; optional
 * fields may be left out. The step rules (`rules/pediatric-intake.ts`) are checked by the server
 * as well, so a form the wizard would refuse is refused here too.
 */
import { z } from 'zod';
import {
  CONSENT_STATUSES,
  GUARDIAN_RELATIONSHIPS,
  INTAKE_ETHNICITIES,
  INTAKE_GENDERS,
  INTAKE_RACES,
  INTAKE_QUEUE_DEFAULTS,
  LIVING_SITUATIONS,
  PAIN_MAX,
  PAIN_MIN,
} from '../rules/pediatric-intake.js';
import { personDate } from './calendar-date.js';
import { LONG_TEXT, SHORT_TEXT, idSchema, optionalEmail, optionalText, personName, requiredText } from './common.js';

/** Most entries of one list (symptoms, allergies, medications, conditions). */
export const MAX_INTAKE_LIST = 30;

const list = z.preprocess(
  (v) => v ?? [],
  z
    .array(z.string().trim().max(SHORT_TEXT))
    .max(MAX_INTAKE_LIST)
    .transform((l) => l.filter((s) => s.length > 0)),
);
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values).optional());

/** A postal address as the intake takes it; every part optional. */
export const intakeAddress = z.object({
  street: optionalText(SHORT_TEXT),
  city: optionalText(100),
  state: optionalText(100),
  zipCode: optionalText(20),
});

/** The first guardian: names, relationship and phone required. */
export const intakeGuardian = z.object({
  firstName: personName(requiredText(100), 'Guardian first name'),
  lastName: personName(requiredText(100), 'Guardian last name'),
  relationship: z.enum(GUARDIAN_RELATIONSHIPS),
  phone: requiredText(40),
  email: optionalEmail,
  address: optionalText(SHORT_TEXT),
});

/** The family history flags and free text. */
export const familyHistory = z.object({
  diabetes: z.boolean().default(false),
  hypertension: z.boolean().default(false),
  heartDisease: z.boolean().default(false),
  cancer: z.boolean().default(false),
  mentalHealth: z.boolean().default(false),
  other: optionalText(LONG_TEXT),
});

/** The whole Pediatric intake record (section 3), `POST /api/patients/pediatric`. */
export const pediatricIntakeBody = z.object({
  firstName: personName(requiredText(100), 'First name'),
  lastName: personName(requiredText(100), 'Last name'),
  // The pediatric age rule (which also refuses a future birth) is checked on top by the server and the wizard.
  dateOfBirth: personDate,
  gender: z.enum(INTAKE_GENDERS),
  race: choice(INTAKE_RACES),
  ethnicity: choice(INTAKE_ETHNICITIES),
  primaryPhone: requiredText(40),
  secondaryPhone: optionalText(40),
  email: optionalEmail,
  address: intakeAddress.optional(),
  guardian1: intakeGuardian,
  chiefComplaint: requiredText(500),
  symptoms: list.refine((l) => l.length > 0, 'At least one symptom is required'),
  painLevel: z.number().int().min(PAIN_MIN).max(PAIN_MAX).default(0),
  symptomDuration: optionalText(SHORT_TEXT),
  previousEpisodes: optionalText(LONG_TEXT),
  previousTreatment: optionalText(LONG_TEXT),
  allergies: list,
  currentMedications: list,
  chronicConditions: list,
  surgeries: optionalText(LONG_TEXT),
  hospitalizations: optionalText(LONG_TEXT),
  familyHistory: familyHistory.optional(),
  schoolGrade: optionalText(50),
  activities: optionalText(LONG_TEXT),
  livingSituation: choice(LIVING_SITUATIONS),
  insurance: z.object({ primary: requiredText(SHORT_TEXT), policyNumber: optionalText(100), groupNumber: optionalText(100) }),
  trialId: idSchema.optional(),
  consentStatus: z.enum(CONSENT_STATUSES).default('pending'),
  screeningNumber: optionalText(50),
});
export type PediatricIntakeBody = z.infer<typeof pediatricIntakeBody>;
/** The record as a client writes it (defaults not yet filled). */
export type PediatricIntakeInput = z.input<typeof pediatricIntakeBody>;

/**
 * The answer to a submitted intake, to anyone: the ids of the patient and intake record the
 * submission made and the token that authorises its enrol and queue calls, and nothing else (no
 * field of the record, of a chart it may match, or of the clinic). Strict: the serializer writes
 * these fields only.
 */
export const pediatricIntakeResponse = z.strictObject({
  success: z.literal(true),
  patientId: z.string(),
  intakeId: z.string(),
  intakeToken: z.string(),
  intakeTokenExpiresAt: z.string(),
});

/** `POST /api/patients/pediatric/{patientId}/queue`: the spec's fixed defaults, which are the only values taken. */
export const intakeQueueBody = z.object({
  departmentId: z.literal(INTAKE_QUEUE_DEFAULTS.departmentId).default(INTAKE_QUEUE_DEFAULTS.departmentId),
  priority: z.literal(INTAKE_QUEUE_DEFAULTS.priority).default(INTAKE_QUEUE_DEFAULTS.priority),
  estimatedWaitTime: z.literal(INTAKE_QUEUE_DEFAULTS.estimatedWaitTime).default(INTAKE_QUEUE_DEFAULTS.estimatedWaitTime),
});

/** The queue call's answer, to anyone: the entry and the number the child is called by, nothing else. */
export const intakeQueueResponse = z.strictObject({ success: z.literal(true), queueId: z.string(), queueNumber: z.number().int() });

/** The path of the queue call. */
export const intakePatientParams = z.object({ patientId: idSchema });

/** The header an anonymous intake authorises its enrol and queue calls with. */
export const INTAKE_TOKEN_HEADER = 'x-intake-token';
