/**
 * Contracts of the kiosk: the case a patient submits at check-in, its answer and the
 * messages the kiosk screen shows.
 */
import { z } from 'zod';
import { CHIEF_COMPLAINT_MAX, clinicalListField } from './clinical-fields.js';
import { eventTimestamp, personDate } from './calendar-date.js';
import { LONG_TEXT, SHORT_TEXT, idSchema, optionalEmail, optionalText, personName } from './common.js';
import { organizationSettings } from './organizations.js';
import { latestDateOfBirth } from './patients.js';
import {
  EMERGENCY_KIOSK_SOURCE,
  EMERGENCY_PICKS,
  EMERGENCY_PICK_COMPLAINTS,
  UNNAMED_EMERGENCY_PATIENT,
  isCriticalPick,
  type EmergencyPick,
} from '../rules/emergency-kiosk.js';

/** The kiosk's message for a missing required field. */
export const KIOSK_REQUIRED_MESSAGE = 'Please fill in all required fields';
/** The kiosk's message when submission fails. */
export const KIOSK_FAILURE_MESSAGE = 'Failed to submit patient data. Please try again.';
/** Department of every kiosk case. */
export const KIOSK_DEPARTMENT = 'general';
/** Urgency a kiosk case is created with, before any scoring. */
export const KIOSK_URGENCY = 'routine';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An optional whole number in [min, max]; also accepts a numeric string from a form; "" is absent. */
const optionalWhole = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : blankToUndefined(v)),
    z.number().int().min(min).max(max).optional(),
  );

const gender = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['male', 'female', 'other']))
    .optional(),
);

const kioskFields = z.object({
  firstName: personName(optionalText(100), 'First name'),
  lastName: personName(optionalText(100), 'Last name'),
  patientName: personName(optionalText(SHORT_TEXT), 'Patient name'),
  name: personName(optionalText(SHORT_TEXT), 'Name'),
  age: optionalWhole(0, 130),
  patientAge: optionalWhole(0, 130),
  gender,
  patientGender: gender,
  dateOfBirth: z.preprocess(
    blankToUndefined,
    personDate.refine((v) => v <= latestDateOfBirth(), 'Date of birth cannot be in the future').optional(),
  ),
  phoneNumber: optionalText(40),
  email: optionalEmail,
  emergencyContact: personName(optionalText(SHORT_TEXT), 'Emergency contact'),
  emergencyPhone: optionalText(40),
  chiefComplaint: optionalText(CHIEF_COMPLAINT_MAX),
  symptoms: clinicalListField,
  medicalHistory: clinicalListField,
  allergies: clinicalListField,
  currentMedications: clinicalListField,
  painLevel: optionalWhole(0, 10),
  notes: optionalText(LONG_TEXT),
  organizationId: idSchema.optional(),
  clinicId: idSchema.optional(),
  /**
   * When the patient started the check-in (pressed Start Check-In), as the kiosk's clock has it:
   * the server keeps how long the check-in took (`rules/kiosk-figures.ts`) for the day's average.
   */
  startedAt: z.preprocess(blankToUndefined, eventTimestamp.optional()),
  /** Which kiosk checks in: the patient kiosk (default) or the emergency-room kiosk. */
  source: z.preprocess(blankToUndefined, z.enum(['kiosk', EMERGENCY_KIOSK_SOURCE]).optional().catch(undefined)),
  /** The emergency kiosk's quick pick (its chief complaint); required from the emergency kiosk. */
  quickPick: z.preprocess(blankToUndefined, z.enum(EMERGENCY_PICKS).optional()),
});

/** First and last name from the form's fields, or from a full name (last word is the last name). */
function splitName(v: { firstName?: string; lastName?: string; patientName?: string; name?: string }) {
  const words = (v.patientName ?? v.name ?? '').split(/\s+/).filter(Boolean);
  const fromFull = words.length >= 2 ? { first: words.slice(0, -1).join(' '), last: words[words.length - 1] } : null;
  return {
    firstName: v.firstName ?? fromFull?.first ?? (words.length === 1 ? words[0] : undefined),
    lastName: v.lastName ?? fromFull?.last,
  };
}

/** An emergency-kiosk check-in: its quick pick, whether it is critical, whether a name was given. */
export interface EmergencyCheckIn {
  pick: EmergencyPick;
  critical: boolean;
  named: boolean;
}

/**
 * `POST /api/triage/case` (and `/case/kiosk`) body: the spec's Kiosk case. Required: first name, last
 * name and chief complaint ("Please fill in all required fields"). The names may come as
 * `patientName`/`name` and age and gender as `patientAge`/`patientGender` (the patient flow test's
 * submission); a missing chief complaint is taken from the symptoms when there are any. Status,
 * urgency, department and times are the server's to set and are dropped here. With `source:
 * 'emergency-kiosk'` (the emergency-room kiosk) the quick pick is required and is the chief
 * complaint, one name (one word is enough) is required unless the pick is critical, and the
 * result's `emergency` says so (null from the patient kiosk).
 */
export const kioskCaseBody = kioskFields.transform((v, ctx) => {
  const { patientName: _p, name: _n, patientAge, patientGender, source, quickPick, ...rest } = v;
  const base = { ...rest, age: v.age ?? patientAge, gender: v.gender ?? patientGender };
  if (source === EMERGENCY_KIOSK_SOURCE) {
    // The emergency kiosk: the pick is the chief complaint; the name may be one word, and may be
    // left out when the pick is critical.
    if (!quickPick) {
      ctx.addIssue({ code: 'custom', message: KIOSK_REQUIRED_MESSAGE, path: ['quickPick'], input: quickPick });
      return z.NEVER;
    }
    const critical = isCriticalPick(quickPick);
    const words = (v.patientName ?? v.name ?? [v.firstName, v.lastName].filter(Boolean).join(' ')).split(/\s+/).filter(Boolean);
    if (!words.length && !critical) {
      ctx.addIssue({ code: 'custom', message: KIOSK_REQUIRED_MESSAGE, path: ['name'], input: undefined });
      return z.NEVER;
    }
    const named = words.length > 0;
    const firstName = named ? (words.length > 1 ? words.slice(0, -1).join(' ') : words[0]) : UNNAMED_EMERGENCY_PATIENT.firstName;
    const lastName = named ? (words.length > 1 ? words[words.length - 1] : '') : UNNAMED_EMERGENCY_PATIENT.lastName;
    return {
      ...base,
      firstName,
      lastName,
      patientName: `${firstName} ${lastName}`.trim(),
      chiefComplaint: EMERGENCY_PICK_COMPLAINTS[quickPick],
      emergency: { pick: quickPick as EmergencyPick, critical, named } as EmergencyCheckIn | null,
    };
  }
  const { firstName, lastName } = splitName(v);
  const chiefComplaint = v.chiefComplaint ?? (v.symptoms.join(', ').slice(0, CHIEF_COMPLAINT_MAX) || undefined);
  const required = { firstName, lastName, chiefComplaint };
  for (const [field, value] of Object.entries(required)) {
    if (!value) ctx.addIssue({ code: 'custom', message: KIOSK_REQUIRED_MESSAGE, path: [field], input: value });
  }
  if (!firstName || !lastName || !chiefComplaint) return z.NEVER;
  return {
    ...base,
    firstName,
    lastName,
    patientName: `${firstName} ${lastName}`,
    chiefComplaint,
    emergency: null as EmergencyCheckIn | null,
  };
});
/** A parsed kiosk case. */
export type KioskCaseBody = z.output<typeof kioskCaseBody>;
/** A kiosk case as a client sends it. */
export type KioskCaseInput = z.input<typeof kioskCaseBody>;

/** The kiosk call's answer. */
export const kioskCaseResponse = z.object({
  success: z.literal(true),
  case: z.object({ id: z.string() }),
  queueNumber: z.number().int().positive(),
});

/** `GET /api/kiosk/stats`: the clinic's kiosk check-ins of its local day. */
export const kioskStatsDto = z.object({
  /** The clinic-local day counted (YYYY-MM-DD). */
  day: z.string(),
  /** Queue entries the kiosk checked in that day. */
  checkInsToday: z.number().int().nonnegative(),
  /** Of those, the ones whose duration the kiosk measured (it sent when the patient started). */
  measuredCheckIns: z.number().int().nonnegative(),
  /** Average seconds from Start Check-In to the submitted check-in; null when none was measured. */
  averageCheckInSeconds: z.number().nonnegative().nullable(),
  /** When the latest kiosk check-in of the day arrived (ISO); null when none. */
  lastCheckInAt: z.string().nullable(),
});
/** The kiosk's figures of the day. */
export type KioskStatsDto = z.infer<typeof kioskStatsDto>;

/** `GET /api/kiosk/stats` answer. */
export const kioskStatsResponse = z.object({ success: z.literal(true), stats: kioskStatsDto });

/** `GET /api/public/clinic` answer: the names of the organization and clinic a kiosk or board is connected to. */
export const publicClinicResponse = z.object({
  success: z.literal(true),
  organization: z.object({ id: z.string(), name: z.string(), language: organizationSettings.shape.language.unwrap() }),
  clinic: z.object({ id: z.string(), name: z.string() }),
});
