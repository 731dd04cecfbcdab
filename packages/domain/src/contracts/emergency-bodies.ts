import { z } from 'zod';
import { ALERT_SEVERITIES, ALERT_TYPES, MASS_CASUALTY_STATUSES, TRIAGE_COLORS } from '../rules/emergency.js';
import { eventTimestamp } from './calendar-date.js';
import { LONG_TEXT, SHORT_TEXT, idSchema, optionalText, requiredText } from './common.js';

/**
 * The emergency room dashboard (operations-and-public sections 2.2, 3 and 7): its limits and
 * categories, and the bodies its actions accept.
 */

/** Longest alert message. */
export const ALERT_MESSAGE_MAX = 500;
/** Longest note on an acknowledgement or resolution. */
export const ALERT_NOTE_MAX = 1000;
/** Highest (least urgent) alert priority; 1 is the most urgent. */
export const ALERT_PRIORITY_MAX = 5;
/** Most items in a list of resources, staff, equipment or keywords. */
export const EMERGENCY_LIST_MAX = 30;
/** Most steps in a protocol. */
export const PROTOCOL_STEPS_MAX = 50;
/** Longest step duration, in seconds (a day). */
export const PROTOCOL_STEP_SECONDS_MAX = 86_400;
/** Longest estimated protocol time, in minutes (a day). */
export const PROTOCOL_MINUTES_MAX = 1440;
/** Most expected arrivals of one mass-casualty event. */
export const EXPECTED_ARRIVALS_MAX = 10_000;
/** Most emergency beds a clinic can declare. */
export const EMERGENCY_BEDS_MAX = 10_000;

/** Protocol categories. */
export const PROTOCOL_CATEGORIES = [
  'CARDIAC',
  'NEUROLOGICAL',
  'RESPIRATORY',
  'TRAUMA',
  'INFECTIOUS',
  'METABOLIC',
  'ALLERGY',
  'PEDIATRIC',
  'TOXICOLOGY',
  'OBSTETRIC',
  'ENVIRONMENTAL',
  'OTHER',
] as const;
/** A protocol category. */
export type ProtocolCategory = (typeof PROTOCOL_CATEGORIES)[number];

/** Integration kinds the dashboard reports on. */
export const INTEGRATION_TYPES = ['EMR', 'LAB', 'RADIOLOGY'] as const;
/** Integration statuses (CONNECTED green, DISCONNECTED and ERROR red, MAINTENANCE yellow). */
export const INTEGRATION_STATUSES = ['CONNECTED', 'DISCONNECTED', 'ERROR', 'MAINTENANCE'] as const;

const shortList = z.array(requiredText(SHORT_TEXT)).max(EMERGENCY_LIST_MAX);
const isoInstant = eventTimestamp;

// ---- Bodies -------------------------------------------------------------------------------

/** `POST /api/emergency-dashboard/alerts`: an alert raised by hand. */
export const alertBody = z.object({
  type: z.enum(ALERT_TYPES),
  severity: z.enum(ALERT_SEVERITIES),
  /** 1 (most urgent) to 5; from the severity when absent. */
  priority: z.number().int().min(1).max(ALERT_PRIORITY_MAX).optional(),
  message: requiredText(ALERT_MESSAGE_MAX),
  patientId: idSchema.optional(),
  location: optionalText(SHORT_TEXT),
});
/** An alert raised by hand. */
export type AlertBody = z.infer<typeof alertBody>;

/** `POST .../alerts/{id}/acknowledge` and `.../resolve`: an optional note. */
export const alertActionBody = z.object({ note: optionalText(ALERT_NOTE_MAX) });
/** An acknowledgement or resolution. */
export type AlertActionBody = z.infer<typeof alertActionBody>;

/** One numbered step of a protocol (numbers follow the order given). */
export const protocolStepBody = z.object({
  description: requiredText(LONG_TEXT),
  /** Seconds. */
  duration: z.number().int().min(0).max(PROTOCOL_STEP_SECONDS_MAX),
  requiredStaff: shortList.default([]),
  requiredEquipment: shortList.default([]),
  critical: z.boolean().default(false),
});

/** `POST/PUT .../protocols`: a protocol of the organization. */
export const protocolBody = z.object({
  name: requiredText(SHORT_TEXT),
  category: z.enum(PROTOCOL_CATEGORIES),
  description: requiredText(LONG_TEXT),
  /** Minutes. */
  estimatedTime: z.number().int().min(1).max(PROTOCOL_MINUTES_MAX),
  requiredResources: shortList.default([]),
  /** Words that link an alert to this protocol when its message or the patient's complaint contains one. */
  keywords: shortList.default([]),
  steps: z.array(protocolStepBody).min(1).max(PROTOCOL_STEPS_MAX),
});
/** A protocol as written. */
export type ProtocolBody = z.infer<typeof protocolBody>;

/** `POST .../mass-casualty`: an event declared. */
export const massCasualtyBody = z.object({
  eventType: requiredText(100),
  severity: z.enum(ALERT_SEVERITIES),
  expectedArrivals: z.number().int().min(0).max(EXPECTED_ARRIVALS_MAX),
  resourcesNeeded: shortList.default([]),
  /** The incident time; now when absent. */
  timestamp: isoInstant.optional(),
});
/** A mass-casualty event declared. */
export type MassCasualtyBody = z.infer<typeof massCasualtyBody>;

/** `PATCH .../mass-casualty/{id}`: any field of the declaration, and the status (CLOSED closes it). */
export const massCasualtyPatchBody = z.object({
  eventType: requiredText(100).optional(),
  severity: z.enum(ALERT_SEVERITIES).optional(),
  expectedArrivals: z.number().int().min(0).max(EXPECTED_ARRIVALS_MAX).optional(),
  resourcesNeeded: shortList.optional(),
  timestamp: isoInstant.optional(),
  status: z.enum(MASS_CASUALTY_STATUSES).optional(),
});
/** A change to a mass-casualty event. */
export type MassCasualtyPatchBody = z.infer<typeof massCasualtyPatchBody>;

/** `POST .../mass-casualty/{id}/patients`: a queue entry or a patient tagged with a START colour. */
export const massCasualtyPatientBody = z
  .object({
    queueEntryId: idSchema.optional(),
    patientId: idSchema.optional(),
    triageColor: z.enum(TRIAGE_COLORS),
  })
  .refine((b) => (b.queueEntryId ? 1 : 0) + (b.patientId ? 1 : 0) === 1, {
    message: 'Give either queueEntryId or patientId',
    path: ['queueEntryId'],
  });
/** A patient tagged to an event. */
export type MassCasualtyPatientBody = z.infer<typeof massCasualtyPatientBody>;

/** `PUT .../facility`: the clinic's emergency settings (Admin). */
export const facilityBody = z.object({
  level: optionalText(SHORT_TEXT),
  facilityId: optionalText(100),
  bedCount: z.number().int().min(0).max(EMERGENCY_BEDS_MAX).nullish(),
});
/** The clinic's emergency settings as written. */
export type FacilityBody = z.infer<typeof facilityBody>;
