import { z } from 'zod';
import { EVENT_YEARS, PERSON_YEARS, isCalendarDate } from './calendar-date.js';
import { LONG_TEXT, optionalText, pagination, personName, requiredMessage, requiredText } from './common.js';

/**
 * Patient directory and visits (clinical-workflows sections 3 and 5): the bodies the server
 * accepts, the form validates with, and the records the API returns.
 */

/** Genders a patient record carries. */
export const PATIENT_GENDERS = ['male', 'female', 'other'] as const;
/** Statuses of a patient; new patients are active. */
export const PATIENT_STATUSES = ['active', 'inactive', 'discharged'] as const;
/** Blood types a patient record accepts. */
export const BLOOD_TYPES = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
/** Kinds of visit. */
export const VISIT_TYPES = ['routine', 'urgent', 'emergency', 'follow-up'] as const;
/** Priority of a visit. */
export const VISIT_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
/**
 * Status of a visit. The spec names completed and in-progress "or other"; scheduled and cancelled
 * are the others a visit record needs.
 */
export const VISIT_STATUSES = ['completed', 'in-progress', 'scheduled', 'cancelled'] as const;
/** Filters of the list's status select. */
export const PATIENT_STATUS_FILTERS = ['all', ...PATIENT_STATUSES] as const;
/** Sort keys the list accepts (an allow-list: anything else is refused). */
export const PATIENT_SORTS = ['name', 'createdAt', 'status'] as const;
/** Sort directions. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** Country of an address when none is given. */
export const DEFAULT_COUNTRY = 'USA';
/** Earliest accepted date of birth: the first day of the person-date range. */
export const EARLIEST_DATE_OF_BIRTH = `${PERSON_YEARS.minYear}-01-01`;
/** Most entries in one list field (allergies, medications, conditions). */
export const MAX_LIST_ENTRIES = 50;
/** Longest entry of a list field. */
export const MAX_LIST_ENTRY_LENGTH = 200;
/** Longest search text. */
export const MAX_SEARCH_LENGTH = 100;
/** Longest wait time of a visit, in minutes (a week). */
export const MAX_WAIT_MINUTES = 7 * 24 * 60;

/** A patient gender. */
export type PatientGender = (typeof PATIENT_GENDERS)[number];
/** A patient status. */
export type PatientStatus = (typeof PATIENT_STATUSES)[number];
/** A blood type. */
export type BloodType = (typeof BLOOD_TYPES)[number];
/** A visit type. */
export type VisitType = (typeof VISIT_TYPES)[number];
/** A visit priority. */
export type VisitPriority = (typeof VISIT_PRIORITIES)[number];
/** A visit status. */
export type VisitStatus = (typeof VISIT_STATUSES)[number];
/** A list sort key. */
export type PatientSort = (typeof PATIENT_SORTS)[number];

const PHONE_CHARACTERS = /^\+?[0-9 ().-]+$/;

/** True when a phone number has a plausible shape: digits with common separators, 7 to 15 digits. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_CHARACTERS.test(value) && digits >= 7 && digits <= 15;
}

/** True for a postal code of letters, digits, spaces and hyphens (US ZIP, ZIP+4 and most others). */
export function isPostalCode(value: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(value);
}

/**
 * The latest date of birth accepted today: the calendar date in the timezone furthest ahead
 * (UTC+14), so nobody born "today" anywhere is refused.
 */
export function latestDateOfBirth(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** Why a date of birth is refused, or null when it is acceptable. */
export function dateOfBirthProblem(value: string, now: Date = new Date()): string | null {
  if (!isCalendarDate(value)) return 'Enter a valid date of birth (YYYY-MM-DD)';
  if (value < EARLIEST_DATE_OF_BIRTH) return `Date of birth must be in ${PERSON_YEARS.minYear} or later`;
  if (value > latestDateOfBirth(now)) return 'Date of birth cannot be in the future';
  return null;
}

const phone = (label: string) => requiredText(30, label, (v) => (isPhoneNumber(v) ? null : `Enter a valid ${label.toLowerCase()}`));

const email = z
  .string({ error: (issue) => (issue.input == null ? requiredMessage('Email') : 'Email must be text') })
  .trim()
  .min(1, requiredMessage('Email'))
  .max(254, 'Email must be 254 characters or fewer')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((v) => v.toLowerCase());

/** One of the list fields: entries trimmed, empty entries dropped, each and the count capped. */
const textList = (label: string) =>
  z
    .preprocess(
      (v) => v ?? [],
      z
        .array(
          z
            .string({ error: `Each ${label.toLowerCase()} entry must be text` })
            .trim()
            .max(MAX_LIST_ENTRY_LENGTH, `Each ${label.toLowerCase()} entry must be ${MAX_LIST_ENTRY_LENGTH} characters or fewer`),
          { error: `${label} must be a list` },
        )
        .max(MAX_LIST_ENTRIES, `${label} can hold at most ${MAX_LIST_ENTRIES} entries`),
    )
    .transform((entries) => entries.filter((e) => e.length > 0));

const choice = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input == null || issue.input === '' ? requiredMessage(label) : `${label} must be one of ${values.join(', ')}`),
  });

/** A patient's postal address; the country defaults to USA. */
export const patientAddressInput = z.object(
  {
    street: requiredText(200, 'Street'),
    city: requiredText(100, 'City'),
    state: requiredText(100, 'State'),
    zipCode: requiredText(10, 'ZIP code', (v) => (isPostalCode(v) ? null : 'Enter a valid ZIP code')),
    country: optionalText(100, 'Country').transform((v) => v ?? DEFAULT_COUNTRY),
  },
  { error: requiredMessage('Address') },
);

/**
 * The fields of the patient form (section 5): required are first and last name, date of birth,
 * gender, phone, email, street, city, state, ZIP and the emergency contact's name, relationship
 * and phone; blood type, insurance and the three lists are optional.
 */
export const patientFields = z.object({
  firstName: personName(requiredText(100, 'First name'), 'First name'),
  lastName: personName(requiredText(100, 'Last name'), 'Last name'),
  dateOfBirth: requiredText(10, 'Date of birth', (v) => dateOfBirthProblem(v)),
  gender: choice('Gender', PATIENT_GENDERS),
  phone: phone('Phone number'),
  email,
  address: patientAddressInput,
  emergencyContactName: personName(requiredText(200, 'Emergency contact name'), 'Emergency contact name'),
  emergencyContactRelationship: requiredText(100, 'Emergency contact relationship'),
  emergencyContactPhone: phone('Emergency contact phone'),
  bloodType: z.preprocess((v) => (v === '' || v === null ? undefined : v), choice('Blood type', BLOOD_TYPES).optional()),
  allergies: textList('Allergies'),
  currentMedications: textList('Medications'),
  medicalHistory: textList('Conditions'),
  insuranceProvider: optionalText(200, 'Insurance provider'),
  insuranceNumber: optionalText(100, 'Insurance number'),
});

/**
 * Body of create and update (`POST /api/patients`, `PUT /api/patients/{id}` and the
 * `/api/triage/patients` aliases). The spec's screens send the phone as `phoneNumber`; both names
 * are accepted. Fields the server owns (id, status, createdAt, lastUpdated, tenant ids) are ignored.
 */
export const patientBody = z.preprocess((value) => {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (v.phone == null && v.phoneNumber != null) return { ...v, phone: v.phoneNumber };
  }
  return value;
}, patientFields);
/** A validated patient body. */
export type PatientInput = z.output<typeof patientFields>;
/** What a client sends (the form's values before parsing). */
export type PatientInputRaw = z.input<typeof patientFields>;

/** `GET /api/patients` query: search, status filter, sort (allow-listed) and paging. */
export const patientListQuery = pagination.extend({
  search: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, `Search must be ${MAX_SEARCH_LENGTH} characters or fewer`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  status: z.enum(PATIENT_STATUS_FILTERS, { error: `Status must be one of ${PATIENT_STATUS_FILTERS.join(', ')}` }).default('all'),
  sort: z.enum(PATIENT_SORTS, { error: `Sort must be one of ${PATIENT_SORTS.join(', ')}` }).default('name'),
  direction: z.enum(SORT_DIRECTIONS, { error: 'Direction must be asc or desc' }).optional(),
});
/** A parsed list query. */
export type PatientListQuery = z.output<typeof patientListQuery>;

/** The default direction of each sort: names and statuses A-Z, newest patients first. */
export const DEFAULT_SORT_DIRECTION: Record<PatientSort, (typeof SORT_DIRECTIONS)[number]> = {
  name: 'asc',
  createdAt: 'desc',
  status: 'asc',
};

/** A patient's address as returned. */
export const patientAddressDto = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string(),
});

/** A patient as the API returns it; the phone is given under both of the spec's names. */
export const patientDto = z.object({
  id: z.string(),
  organizationId: z.string(),
  clinicId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  // A patient checked in at a kiosk may have given only a name and a complaint: the fields the
  // staff form requires can be missing (null) until staff complete the record.
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(PATIENT_GENDERS).nullable(),
  status: z.enum(PATIENT_STATUSES),
  address: patientAddressDto,
  emergencyContactName: z.string().nullable(),
  emergencyContactRelationship: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
  bloodType: z.enum(BLOOD_TYPES).nullable(),
  allergies: z.array(z.string()),
  currentMedications: z.array(z.string()),
  medicalHistory: z.array(z.string()),
  insuranceProvider: z.string().nullable(),
  insuranceNumber: z.string().nullable(),
  createdAt: z.string(),
  lastUpdated: z.string(),
  dischargedAt: z.string().nullable(),
  /** Date of the latest visit, if any. */
  lastVisit: z.string().nullable(),
});
/** A patient record. */
export type PatientDto = z.infer<typeof patientDto>;

/** `GET /api/patients` response. */
export const patientListResponse = z.object({
  success: z.literal(true),
  patients: z.array(patientDto),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
/** A page of patients. */
export type PatientListResponse = z.infer<typeof patientListResponse>;

/** Response of the single-patient calls. */
export const patientResponse = z.object({ success: z.literal(true), patient: patientDto });

/** `GET /api/patients/stats/overview` figures. */
export const patientStatsDto = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  discharged: z.number().int(),
  newThisMonth: z.number().int(),
});
/** Patient counts. */
export type PatientStatsDto = z.infer<typeof patientStatsDto>;

const VISIT_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Why a visit date is refused, or null. A time must carry its UTC offset; a bare date means midnight UTC. */
export function visitDateProblem(value: string, now: Date = new Date()): string | null {
  if (!VISIT_DATE.test(value) || !isCalendarDate(value.slice(0, 10)) || Number.isNaN(Date.parse(value))) {
    return 'Enter a valid visit date';
  }
  // The instant, not the written day: 2000-01-01T00:00+14:00 is still 1999 in UTC.
  if (new Date(Date.parse(value)).getUTCFullYear() < EVENT_YEARS.minYear) return `Visit date must be in ${EVENT_YEARS.minYear} or later`;
  if (Date.parse(value) > now.getTime() + 366 * 86_400_000) return 'Visit date must be within the next year';
  return null;
}

/** `POST /api/patients/{id}/visits` body, with the spec's Visit fields. */
export const visitBody = z.object({
  date: requiredText(40, 'Visit date', (v) => visitDateProblem(v)).transform((v) => new Date(v).toISOString()),
  type: choice('Visit type', VISIT_TYPES).default('routine'),
  priority: choice('Priority', VISIT_PRIORITIES).default('low'),
  doctor: personName(requiredText(200, 'Doctor'), 'Doctor'),
  waitTime: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .number({ error: 'Wait time must be a number of minutes' })
      .int('Wait time must be whole minutes')
      .min(0, 'Wait time cannot be negative')
      .max(MAX_WAIT_MINUTES, `Wait time must be ${MAX_WAIT_MINUTES} minutes or fewer`)
      .optional(),
  ),
  status: choice('Visit status', VISIT_STATUSES).default('completed'),
  symptoms: optionalText(2000, 'Symptoms'),
  diagnosis: optionalText(2000, 'Diagnosis'),
  treatment: optionalText(2000, 'Treatment'),
  notes: optionalText(LONG_TEXT, 'Notes'),
});
/** A validated visit body. */
export type VisitInput = z.output<typeof visitBody>;

/** A visit as the API returns it. */
export const visitDto = z.object({
  id: z.string(),
  patientId: z.string(),
  date: z.string(),
  type: z.enum(VISIT_TYPES),
  priority: z.enum(VISIT_PRIORITIES),
  doctor: z.string(),
  waitTime: z.number().int().nullable(),
  status: z.enum(VISIT_STATUSES),
  symptoms: z.string().nullable(),
  diagnosis: z.string().nullable(),
  treatment: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
/** A visit record. */
export type VisitDto = z.infer<typeof visitDto>;

/** `GET /api/patients/{id}/visits` query: newest first, paged. */
export const visitListQuery = pagination;

/** Counts over all of a patient's visits (the detail page's quick stats). */
export const visitSummaryDto = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  /** Visits of type emergency. */
  emergency: z.number().int(),
});
/** Counts of a patient's visits. */
export type VisitSummaryDto = z.infer<typeof visitSummaryDto>;

/** `GET /api/patients/{id}/visits` response. */
export const visitListResponse = z.object({
  success: z.literal(true),
  visits: z.array(visitDto),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  summary: visitSummaryDto,
});

/**
 * `PUT /api/patients/{id}/placement` body: where an admitted patient is (the facility directory the
 * visitor kiosk reads) and whether they opted out of it. A field left out is kept; null clears it.
 */
export const patientPlacementBody = z
  .object({
    department: optionalText(100).optional(),
    floor: optionalText(20).optional(),
    roomNumber: optionalText(20).optional(),
    directoryOptOut: z.boolean().optional(),
  })
  .strict();
/** A placement change. */
export type PatientPlacementBody = z.infer<typeof patientPlacementBody>;

/** Where a patient is, as `PUT /api/patients/{id}/placement` answers. */
export const patientPlacementDto = z.object({
  patientId: z.string(),
  department: z.string().nullable(),
  floor: z.string().nullable(),
  roomNumber: z.string().nullable(),
  directoryOptOut: z.boolean(),
});
/** A patient's placement. */
export type PatientPlacementDto = z.infer<typeof patientPlacementDto>;

/** `GET /api/patients/stats/overview` response. */
export const patientStatsResponse = z.object({ success: z.literal(true), stats: patientStatsDto });
/** `DELETE /api/patients/{id}` response: the patient, archived. */
export const archivedPatientResponse = patientResponse.extend({ archived: z.literal(true) });
/** `POST /api/patients/{id}/visits` response. */
export const visitResponse = z.object({ success: z.literal(true), visit: visitDto });
/** `GET` and `PUT /api/patients/{id}/placement` response. */
export const placementResponse = z.object({ success: z.literal(true), placement: patientPlacementDto });
