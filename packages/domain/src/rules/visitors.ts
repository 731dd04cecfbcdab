/**
 * The visiting policy (operations-and-public sections 2.3, 3, 5 and 9) as pure functions:
 * the kiosk's required fields and lists, badge numbers, visiting hours in the organization's zone,
 * the per-patient limit, the health screening, expiry, statuses and the visit duration. Nothing here
 * reads a clock: every function that depends on time takes `now`.
 */
import { localWallClock } from './clinic-time.js';

/** Relationships a visitor may give (spec section 3, Visitor). */
export const VISITOR_RELATIONSHIPS = ['Family', 'Friend', 'Legal', 'Clergy', 'Other'] as const;
/** Purposes of a visit (spec section 3, Visitor). */
export const VISIT_PURPOSES = ['Visit Patient', 'Medical Consultation', 'Business Meeting', 'Delivery', 'Other'] as const;
/** Identity documents the security step accepts. */
export const ID_DOCUMENT_TYPES = ['Driver License', 'Passport', 'State ID', 'Other'] as const;
/** Statuses of a visitor, as the wire and the console's filter name them. */
export const VISITOR_STATUSES = ['Checked In', 'Checked Out', 'Expired', 'Restricted'] as const;
/** Access levels of a visitor and a badge. */
export const VISITOR_ACCESS_LEVELS = ['General', 'VIP', 'Restricted', 'Emergency'] as const;
/** The access level every check-in is given. */
export const DEFAULT_ACCESS_LEVEL = 'General';
/** The type of every badge issued. */
export const DEFAULT_BADGE_TYPE = 'Standard';
/** Who issues a kiosk badge. */
export const KIOSK_BADGE_ISSUER = 'System';

/** A visitor's relationship to the patient. */
export type VisitorRelationship = (typeof VISITOR_RELATIONSHIPS)[number];
/** A visit purpose. */
export type VisitPurpose = (typeof VISIT_PURPOSES)[number];
/** An identity document type. */
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];
/** A visitor status. */
export type VisitorStatus = (typeof VISITOR_STATUSES)[number];
/** A visitor access level. */
export type VisitorAccessLevel = (typeof VISITOR_ACCESS_LEVELS)[number];

/** The kiosk's message for a missing required field (spec section 8). */
export const VISITOR_REQUIRED_MESSAGE = 'Please fill in all required fields.';
/** The refusal texts, one per code, kind and neutral: none says anything about the patient or a list. */
export const VISITOR_REFUSALS = {
  'visitors/outside-hours': 'Visiting hours are 8:00 AM to 8:00 PM. Please come back during visiting hours or ask at the front desk.',
  'visitors/restricted': 'We are unable to complete your check-in here. Please see the front desk.',
  'visitors/health-screening':
    'For the safety of our patients, please see the front desk before visiting today. Thank you for helping us keep everyone well.',
  'visitors/patient-not-found': 'Please ask at the front desk.',
  'visitors/patient-limit': 'This patient already has the maximum number of visitors at this time. Please wait or ask at the front desk.',
} as const;
/** A refusal code of the check-in. */
export type VisitorRefusalCode = keyof typeof VISITOR_REFUSALS;

/** The organization's visiting policy (its settings), with the spec's defaults. */
export interface VisitorPolicy {
  /** Start of visiting hours, local `HH:MM` (default 08:00). */
  visitingHoursStart: string;
  /** End of visiting hours, local `HH:MM`, not included (default 20:00). */
  visitingHoursEnd: string;
  /** How long a badge is valid after check-in, in hours (default 8). */
  badgeValidHours: number;
  /** Visitors checked in per patient at one time (default 2). */
  maxVisitorsPerPatient: number;
  /**
   * How the kiosk finds the patient: by first and last name (default), or also by room number
   * ("or room number, if the hospital prefers"), setting `visitorPatientLookup`.
   */
  patientLookup: VisitorPatientLookup;
}

/** The kiosk's ways of naming the patient: `name`, or `room` (the room number, the name still accepted). */
export const VISITOR_PATIENT_LOOKUPS = ['name', 'room'] as const;
/** How the kiosk finds the patient. */
export type VisitorPatientLookup = (typeof VISITOR_PATIENT_LOOKUPS)[number];

/** The spec's policy: 8:00 AM to 8:00 PM, badges valid 8 hours, 2 visitors per patient. */
export const DEFAULT_VISITOR_POLICY: VisitorPolicy = {
  visitingHoursStart: '08:00',
  visitingHoursEnd: '20:00',
  badgeValidHours: 8,
  maxVisitorsPerPatient: 2,
  patientLookup: 'name',
};

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True for a local wall time `HH:MM` (00:00 to 23:59). */
export function isWallTime(value: unknown): value is string {
  return typeof value === 'string' && HH_MM.test(value);
}

/**
 * The visiting policy of an organization from its settings (`visitingHoursStart`,
 * `visitingHoursEnd`, `badgeValidHours`, `maxVisitorsPerPatient`, `visitorPatientLookup`); a missing or malformed value
 * is the spec's default.
 */
export function visitorPolicyOf(settings: unknown): VisitorPolicy {
  const s = (settings && typeof settings === 'object' ? settings : {}) as Record<string, unknown>;
  const whole = (v: unknown, min: number, max: number, fallback: number) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fallback;
  return {
    visitingHoursStart: isWallTime(s.visitingHoursStart) ? s.visitingHoursStart : DEFAULT_VISITOR_POLICY.visitingHoursStart,
    visitingHoursEnd: isWallTime(s.visitingHoursEnd) ? s.visitingHoursEnd : DEFAULT_VISITOR_POLICY.visitingHoursEnd,
    badgeValidHours: whole(s.badgeValidHours, 1, 24, DEFAULT_VISITOR_POLICY.badgeValidHours),
    maxVisitorsPerPatient: whole(s.maxVisitorsPerPatient, 1, 20, DEFAULT_VISITOR_POLICY.maxVisitorsPerPatient),
    patientLookup: (VISITOR_PATIENT_LOOKUPS as readonly unknown[]).includes(s.visitorPatientLookup)
      ? (s.visitorPatientLookup as VisitorPatientLookup)
      : DEFAULT_VISITOR_POLICY.patientLookup,
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * True when `now` falls within visiting hours on the organization's wall clock: from the start
 * (included) to the end (not included), so with the defaults 7:59 PM is in and 8:00 PM is out.
 * An end before the start spans midnight (22:00 to 06:00).
 */
export function isWithinVisitingHours(
  policy: Pick<VisitorPolicy, 'visitingHoursStart' | 'visitingHoursEnd'>,
  timeZone: string,
  now: Date,
): boolean {
  const local = localWallClock(timeZone, now);
  const minute = local.hour * 60 + local.minute;
  const start = minutesOf(policy.visitingHoursStart);
  const end = minutesOf(policy.visitingHoursEnd);
  if (start === end) return true;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** A wall time `HH:MM` as the policy text shows it: "8:00 AM", "8:00 PM". */
export function wallTimeLabel(hhmm: string): string {
  const hour = Number(hhmm.slice(0, 2));
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${hhmm.slice(3, 5)} ${suffix}`;
}

/** The outside-hours refusal for a policy: the spec's text with the organization's hours. */
export function outsideHoursMessage(policy: Pick<VisitorPolicy, 'visitingHoursStart' | 'visitingHoursEnd'>): string {
  return `Visiting hours are ${wallTimeLabel(policy.visitingHoursStart)} to ${wallTimeLabel(policy.visitingHoursEnd)}. Please come back during visiting hours or ask at the front desk.`;
}

/** Badge numbers: V, one capital letter, four digits (spec section 9). */
export const BADGE_NUMBER_PATTERN = /^V[A-Z]\d{4}$/;

/** True for a badge number of the spec's format. */
export function isBadgeNumber(value: unknown): value is string {
  return typeof value === 'string' && BADGE_NUMBER_PATTERN.test(value);
}

/**
 * A badge number from a random source (`random()` in [0, 1), twice): V, a letter A-Z, four digits.
 * Uniqueness is the database's (a unique index and a retry), not this function's.
 */
export function badgeNumberFrom(random: () => number): string {
  const letter = String.fromCharCode(65 + Math.min(25, Math.floor(random() * 26)));
  const digits = String(Math.min(9999, Math.floor(random() * 10_000))).padStart(4, '0');
  return `V${letter}${digits}`;
}

/** When a badge issued at `issuedAt` stops being valid: `hours` later (8 by default). */
export function badgeValidUntil(issuedAt: Date, hours = DEFAULT_VISITOR_POLICY.badgeValidHours): Date {
  return new Date(issuedAt.getTime() + hours * 3_600_000);
}

/** A visit's stored facts that decide its status. */
export interface VisitState {
  checkOutTime: Date | string | null;
  restrictedAt: Date | string | null;
  validUntil: Date | string;
}

const ms = (d: Date | string) => (d instanceof Date ? d.getTime() : Date.parse(d));

/**
 * The status of a visit at `now`: Restricted once staff restricted the visitor, Checked Out once
 * checked out, Expired when still checked in at or after the badge's valid-until, else Checked In.
 */
export function visitorStatusAt(visit: VisitState, now: Date): VisitorStatus {
  if (visit.restrictedAt) return 'Restricted';
  if (visit.checkOutTime) return 'Checked Out';
  return now.getTime() >= ms(visit.validUntil) ? 'Expired' : 'Checked In';
}

/** The status of a badge: what staff see when they verify one. */
export type BadgeStatus = 'valid' | 'expired' | 'checked-out' | 'restricted';

/** The badge status of a visit at `now` (a revoked badge is checked out: it no longer admits anyone). */
export function badgeStatusAt(visit: VisitState & { revokedAt?: Date | string | null }, now: Date): BadgeStatus {
  const status = visitorStatusAt(visit, now);
  if (status === 'Restricted') return 'restricted';
  if (status === 'Checked Out' || visit.revokedAt) return 'checked-out';
  return status === 'Expired' ? 'expired' : 'valid';
}

/** True when a patient with `checkedIn` visitors now cannot take another under `max`. */
export function patientLimitReached(checkedIn: number, max = DEFAULT_VISITOR_POLICY.maxVisitorsPerPatient): boolean {
  return checkedIn >= max;
}

/** The fever threshold of the health screening, in °F: 100.4 and above refuses entry. */
export const FEVER_THRESHOLD_F = 100.4;
/** The lowest and highest temperature (°F) the kiosk accepts as a reading at all. */
export const TEMPERATURE_RANGE_F = { min: 90, max: 110 } as const;

/** True for a temperature with at most one decimal (98.6, 100, not 98.65). */
export function hasOneDecimal(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 10 - Math.round(value * 10)) < 1e-6;
}

/**
 * True when the health screening refuses entry: a temperature of 100.4 °F or more, or any reported
 * symptom. Compared in tenths so that 100.4 typed as a float is exactly the threshold.
 */
export function failsHealthScreening(temperature: number | null | undefined, symptoms: readonly string[] | null | undefined): boolean {
  const fever = typeof temperature === 'number' && Math.round(temperature * 10) >= Math.round(FEVER_THRESHOLD_F * 10);
  const symptomatic = (symptoms ?? []).some((s) => s.trim().length > 0);
  return fever || symptomatic;
}

/** What the required-fields step reads of a check-in. */
export interface VisitorCheckInFields {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  relationship?: string | null;
  visitPurpose?: string | null;
  patientName?: string | null;
  /** The patient's room number, where the organization lets the kiosk find patients by room. */
  patientRoom?: string | null;
  idDocument?: { type?: string | null; number?: string | null } | null;
  healthScreening?: boolean | null;
}

const blank = (v: string | null | undefined) => !v || v.trim() === '';

/**
 * Why the check-in's fields are refused, or null: first name, last name, phone, the patient's name
 * (or room number),
 * a relationship and a purpose from the spec's lists, an ID document type and number, and the
 * confirmed health questionnaire are all required ("Please fill in all required fields.").
 */
export function visitorFieldsProblem(fields: VisitorCheckInFields): string | null {
  const missing =
    blank(fields.firstName) ||
    blank(fields.lastName) ||
    blank(fields.phone) ||
    (blank(fields.patientName) && blank(fields.patientRoom)) ||
    !(VISITOR_RELATIONSHIPS as readonly string[]).includes(fields.relationship ?? '') ||
    !(VISIT_PURPOSES as readonly string[]).includes(fields.visitPurpose ?? '') ||
    !(ID_DOCUMENT_TYPES as readonly string[]).includes(fields.idDocument?.type ?? '') ||
    blank(fields.idDocument?.number) ||
    fields.healthScreening !== true;
  return missing ? VISITOR_REQUIRED_MESSAGE : null;
}

/**
 * A name as the matching compares it: accents removed (é -> e), lower case, punctuation such as
 * commas and periods dropped, runs of spaces made one. "  José  GARCÍA " -> "jose garcia".
 */
export function nameKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[.,;]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when `typed` names the person `first last` (or `last first`, or `last, first`), accents and case aside. */
export function namesPerson(typed: string, first: string, last: string): boolean {
  const key = nameKey(typed);
  if (!key) return false;
  return key === nameKey(`${first} ${last}`) || key === nameKey(`${last} ${first}`);
}

/** A room number as the matching compares it: case, spaces and a leading "Room" aside ("room 412a" -> "412A"). */
export function roomKey(text: string | null | undefined): string {
  return (text ?? '')
    .trim()
    .replace(/^room\s*/i, '')
    .replace(/\s+/g, '')
    .toUpperCase();
}

/** The digits of a phone number: how two numbers are compared. */
export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}

/** An identity document number as compared: letters and digits only, upper case. */
export function documentKey(number: string | null | undefined): string {
  return (number ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
}

/** An entry of the restricted-visitor watch list, as its match reads it. */
export interface WatchListEntry {
  firstName: string;
  lastName: string;
  phoneDigits: string | null;
  documentKey: string | null;
}

/**
 * True when a person matches a watch-list entry: the same name (accents and case aside) and the
 * same phone number or the same ID document number. A name alone never matches.
 */
export function matchesWatchList(
  entry: WatchListEntry,
  person: { firstName: string; lastName: string; phone?: string | null; idNumber?: string | null },
): boolean {
  if (nameKey(`${entry.firstName} ${entry.lastName}`) !== nameKey(`${person.firstName} ${person.lastName}`)) return false;
  const phone = phoneDigits(person.phone);
  const doc = documentKey(person.idNumber);
  return (!!entry.phoneDigits && entry.phoneDigits === phone) || (!!entry.documentKey && entry.documentKey === doc);
}

/** An ID number shown to staff: all but the last 4 characters masked ("•••• 4321"). */
export function maskDocumentNumber(number: string | null | undefined): string | null {
  if (!number) return null;
  const trimmed = number.trim();
  return trimmed.length <= 4 ? '••••' : `•••• ${trimmed.slice(-4)}`;
}

/** Whole minutes from check-in to check-out (or to `now` while the visit lasts); never negative. */
export function visitMinutes(checkInTime: Date | string, checkOutTime: Date | string | null, now: Date): number {
  const end = checkOutTime ? ms(checkOutTime) : now.getTime();
  return Math.max(0, Math.floor((end - ms(checkInTime)) / 60_000));
}

/** A duration as the console shows it: "Nm" under 60 minutes, otherwise "Nh Nm" (45m, 1h 0m, 2h 5m). */
export function formatVisitDuration(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  if (whole < 60) return `${whole}m`;
  return `${Math.floor(whole / 60)}h ${whole % 60}m`;
}
