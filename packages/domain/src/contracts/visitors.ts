/**
 * Visitors (operations-and-public sections 2.3, 2.4, 3 and 9): the kiosk's and the
 * console's check-in, the visitor and badge the API returns, the console's list, stats, badge
 * verification and export. Field names are the spec's (Visitor, Visitor badge, Visitor stats).
 * The required fields and lists are checked by `rules/visitors.ts` (`visitorFieldsProblem`), so the
 * kiosk gets the spec's one message; this contract checks types and lengths.
 */
import { z } from 'zod';
import { eventDate } from './calendar-date.js';
import {
  BADGE_NUMBER_PATTERN,
  hasOneDecimal,
  TEMPERATURE_RANGE_F,
  VISITOR_ACCESS_LEVELS,
  VISITOR_PATIENT_LOOKUPS,
  VISITOR_STATUSES,
  type BadgeStatus,
} from '../rules/visitors.js';
import { LONG_TEXT, SHORT_TEXT, idSchema, optionalEmail, optionalText, personName, requiredText } from './common.js';

/** Most symptoms one check-in may list. */
export const MAX_VISITOR_SYMPTOMS = 20;
/** Longest search text of the console's list. */
export const MAX_VISITOR_SEARCH = 100;
/** Longest span of days the export covers. */
export const MAX_EXPORT_DAYS = 366;

const flag = z.boolean().optional();

/** The visitor's identity document, checked at the security step. */
export const idDocumentInput = z.object({
  type: optionalText(40),
  number: optionalText(60),
  issuedBy: optionalText(SHORT_TEXT),
});

/** Whom to call for the visitor. */
export const emergencyContactInput = z.object({
  name: personName(optionalText(SHORT_TEXT), 'Emergency contact name'),
  phone: optionalText(40),
  relationship: optionalText(100),
});

/** A body temperature in °F with one decimal at most, in a plausible range; "" or null is none. */
const temperature = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .number({ error: 'Temperature must be a number' })
    .min(TEMPERATURE_RANGE_F.min, `Temperature must be at least ${TEMPERATURE_RANGE_F.min} °F`)
    .max(TEMPERATURE_RANGE_F.max, `Temperature must be at most ${TEMPERATURE_RANGE_F.max} °F`)
    .refine(hasOneDecimal, 'Temperature takes one decimal at most')
    .optional(),
);

const symptoms = z.preprocess(
  (v) => v ?? [],
  z
    .array(z.string().trim().max(SHORT_TEXT), { error: 'Symptoms must be a list' })
    .max(MAX_VISITOR_SYMPTOMS)
    .transform((list) => list.filter((s) => s.length > 0)),
);

const visitorFields = {
  firstName: personName(optionalText(100), 'First name'),
  lastName: personName(optionalText(100), 'Last name'),
  email: optionalEmail,
  phone: optionalText(40),
  relationship: optionalText(40),
  visitPurpose: optionalText(60),
  patientName: personName(optionalText(SHORT_TEXT), 'Patient name'),
  /** The patient's room number instead of the name, where the organization's lookup is `room`. */
  patientRoom: optionalText(20),
  idDocument: idDocumentInput.optional(),
  emergencyContact: emergencyContactInput.optional(),
  healthScreening: flag,
  temperature,
  symptoms,
  wheelchairAccess: flag,
  specialInstructions: optionalText(LONG_TEXT),
};

/**
 * `POST /api/visitors/check-in` (the public kiosk) body: the spec's Visitor fields and what the
 * kiosk collects (healthScreening true once the questionnaire is confirmed, temperature in °F,
 * symptoms). The organization and clinic come in the query, as the patient kiosk's do.
 */
export const visitorCheckInBody = z.object(visitorFields);
/** A kiosk check-in. */
export type VisitorCheckInBody = z.infer<typeof visitorCheckInBody>;

/**
 * `POST /api/visitors` (staff check-in) body: the kiosk's fields, the patient by id when staff know
 * it, the visitor's escort, and `overrideHours` with a reason to check someone in outside visiting
 * hours (audited).
 */
export const staffVisitorCheckInBody = z
  .object({
    ...visitorFields,
    patientId: idSchema.optional(),
    escortRequired: flag,
    escortName: personName(optionalText(SHORT_TEXT), 'Escort name'),
    overrideHours: flag,
    overrideReason: optionalText(500),
  })
  .refine((b) => !b.overrideHours || !!b.overrideReason, {
    path: ['overrideReason'],
    message: 'Give a reason to check a visitor in outside visiting hours',
  });
/** A staff check-in. */
export type StaffVisitorCheckInBody = z.infer<typeof staffVisitorCheckInBody>;

/** `POST /api/visitors/{id}/check-out` body: an optional satisfaction rating of the visit (1 to 5). */
export const visitorCheckOutBody = z.object({
  rating: z.number().int().min(1).max(5).optional(),
});

/** `POST /api/visitors/{id}/restrict` and `/unrestrict` body: why (audited). */
export const visitorRestrictBody = z.object({
  reason: requiredText(500, 'Reason'),
});

/** `POST /api/visitors/{id}/badge/revoke` body: why the badge no longer admits (audited). */
export const visitorBadgeRevokeBody = visitorRestrictBody;

/** The console's status filter: all, or one of the spec's statuses. */
export const VISITOR_STATUS_FILTERS = ['All', ...VISITOR_STATUSES] as const;

/** `GET /api/visitors` query: search (first or last name, badge number, patient name), status, page. */
export const visitorListQuery = z.object({
  search: z.string().trim().max(MAX_VISITOR_SEARCH).optional(),
  status: z.enum(VISITOR_STATUS_FILTERS).default('All'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
/** The console's list query. */
export type VisitorListQuery = z.infer<typeof visitorListQuery>;

/** `GET /api/visitors/badges/{badgeNumber}` path. */
export const badgeNumberParams = z.object({
  badgeNumber: z.string().trim().toUpperCase().regex(BADGE_NUMBER_PATTERN, 'A badge number is V, a letter and four digits'),
});

/** `GET /api/visitors/export.csv` query: a date range (organization-local days), today by default. */
export const visitorExportQuery = z
  .object({
    from: eventDate.optional(),
    to: eventDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The end date must not be before the start date' });

/**
 * `GET /api/visitors/kiosk-policy` (public): how this organization's kiosk asks for the patient and
 * the visiting policy its welcome step shows (hours as local `HH:MM`, the per-patient limit, how
 * long a badge is valid). Policy only: nothing about any patient or visitor.
 */
export const visitorKioskPolicyResponse = z.object({
  success: z.literal(true),
  patientLookup: z.enum(VISITOR_PATIENT_LOOKUPS),
  visitingHoursStart: z.string(),
  visitingHoursEnd: z.string(),
  maxVisitorsPerPatient: z.number().int(),
  badgeValidHours: z.number().int(),
});
/** The kiosk's policy. */
export type VisitorKioskPolicy = z.infer<typeof visitorKioskPolicyResponse>;

/** `GET /api/visitors/daily` query: the Reports tab's range of organization-local days (today by default). */
export const visitorDailyQuery = visitorExportQuery;

/** `GET /api/visitors/daily`: visitors checked in on each day of the range, days without any included. */
export const visitorDailyResponse = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ date: z.string(), count: z.number() })),
  total: z.number(),
});
/** The Reports tab's figures. */
export type VisitorDailyResponse = z.infer<typeof visitorDailyResponse>;

/** The visitor's identity document as the API shows it: the number masked but the last 4. */
export const idDocumentDto = z.object({
  type: z.string().nullable(),
  number: z.string().nullable(),
  issuedBy: z.string().nullable(),
});

/** An earlier visit of the same person (same name and phone). */
export const visitHistoryDto = z.object({
  id: z.string(),
  checkInTime: z.string(),
  checkOutTime: z.string().nullable(),
  patientName: z.string(),
  status: z.enum(VISITOR_STATUSES),
  duration: z.string(),
});

/** The spec's Visitor, as the API returns it. */
export const visitorDto = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  relationship: z.string(),
  patientId: z.string().nullable(),
  patientName: z.string(),
  visitPurpose: z.string(),
  checkInTime: z.string(),
  checkOutTime: z.string().nullable(),
  badgeNumber: z.string(),
  status: z.enum(VISITOR_STATUSES),
  accessLevel: z.enum(VISITOR_ACCESS_LEVELS),
  department: z.string().nullable(),
  floor: z.string().nullable(),
  roomNumber: z.string().nullable(),
  escortRequired: z.boolean(),
  escortName: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  idDocument: idDocumentDto,
  emergencyContact: z.object({ name: z.string().nullable(), phone: z.string().nullable(), relationship: z.string().nullable() }),
  visitHistory: z.array(visitHistoryDto),
  healthScreening: z.boolean(),
  temperature: z.number().nullable(),
  wheelchairAccess: z.boolean(),
  validUntil: z.string(),
  /** Minutes from check-in to check-out (or to now), and the same as "Nm" / "Nh Nm". */
  durationMinutes: z.number(),
  duration: z.string(),
  rating: z.number().nullable(),
});
/** A visitor as returned. */
export type VisitorDto = z.infer<typeof visitorDto>;

/** The spec's Visitor badge. `qrCode` is the staff verification link the QR code encodes. */
export const visitorBadgeDto = z.object({
  id: z.string(),
  visitorId: z.string(),
  badgeNumber: z.string(),
  badgeType: z.string(),
  color: z.string(),
  validUntil: z.string(),
  accessLevel: z.enum(VISITOR_ACCESS_LEVELS),
  qrCode: z.string(),
  printed: z.boolean(),
  issuedBy: z.string(),
  issuedAt: z.string(),
});
/** A badge as returned. */
export type VisitorBadgeDto = z.infer<typeof visitorBadgeDto>;

/** The answer of a check-in (kiosk and staff). */
export const visitorCheckInResponse = z.object({ success: z.literal(true), visitor: visitorDto, badge: visitorBadgeDto });

/** `POST /api/visitors/{id}/badge/reprint` and `/badge/revoke`: the visit and its badge as they now are. */
export const visitorBadgeResponse = visitorCheckInResponse;

/** `GET /api/visitors`. */
export const visitorListResponse = z.object({ success: z.literal(true), visitors: z.array(visitorDto), total: z.number() });

/** The spec's Visitor stats, for the console's overview and the dashboard's Visitors tab. */
export const visitorStatsDto = z.object({
  totalVisitorsToday: z.number(),
  currentlyCheckedIn: z.number(),
  /** Average minutes of today's finished visits; null when none finished today. */
  averageVisitDuration: z.number().nullable(),
  /** Check-ins of today per local hour (0-23), the hours with any. */
  peakHours: z.array(z.object({ hour: z.number(), label: z.string(), count: z.number() })),
  /** Departments visited in the last 30 days, most first (at most 5). */
  mostVisitedDepartments: z.array(z.object({ department: z.string(), count: z.number() })),
  /** Average rating (out of 5, one decimal) of the last 30 days' check-outs; null when nobody rated. */
  visitorSatisfaction: z.number().nullable(),
  badgeUsage: z.object({ issuedToday: z.number(), active: z.number(), expired: z.number() }),
  /** Restricted visitors refused at check-in today. */
  securityIncidents: z.number(),
});
/** Visitor stats. */
export type VisitorStatsDto = z.infer<typeof visitorStatsDto>;

/** `GET /api/visitors/badges/{badgeNumber}`: what staff see when they verify a badge. */
export const badgeVerificationResponse = z.object({
  success: z.literal(true),
  valid: z.boolean(),
  status: z.enum(['valid', 'expired', 'checked-out', 'restricted'] satisfies BadgeStatus[]),
  visitor: visitorDto,
});

/** `GET /api/visitors/{id}`, `POST …/check-out`, `…/restrict` and `…/unrestrict`: the visitor as they now are. */
export const visitorResponse = z.object({ success: z.literal(true), visitor: visitorDto });

/** `GET /api/visitors/stats`: today's figures. */
export const visitorStatsResponse = z.object({ success: z.literal(true), stats: visitorStatsDto });
