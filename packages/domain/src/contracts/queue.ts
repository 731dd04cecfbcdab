/**
 * Contracts of the staff queue: queue entries and their statuses, the queue actions and
 * their history, recorded vital signs, the waiting room and the de-identified public board.
 */
import { z } from 'zod';
import { QUEUE_ACTIONS, QUEUE_STATUSES } from '../rules/queue-status.js';
import { URGENCY_LEVELS } from '../rules/risk-score.js';
import { eventTimestamp } from './calendar-date.js';
import { queueVitalSigns, vitalSignFields, withBloodPressureRule } from './clinical-fields.js';
import { KIOSK_DEFAULT_TENANT, SHORT_TEXT, idSchema, optionalText, personName, tenantSelector } from './common.js';
import { news2Dto, percentScore, recommendationDto, riskFactorDto } from './risk.js';

type VitalFields = z.infer<typeof vitalSignFields>;

const hasMeasurement = (v: VitalFields) =>
  [v.heartRate, v.bloodPressure?.systolic, v.oxygenSaturation, v.temperature, v.respiratoryRate, v.glasgowComaScale].some(
    (x) => typeof x === 'number',
  );

/** `POST /api/triage/waiting-room/{id}/vitals`: at least one measurement; on air unless said otherwise. */
export const recordVitalsBody = withBloodPressureRule(vitalSignFields.extend({ supplementalOxygen: z.boolean().default(false) })).refine(
  hasMeasurement,
  { message: 'Record at least one vital sign' },
);
/** Record-vitals input. */
export type RecordVitalsBody = z.infer<typeof recordVitalsBody>;

/** `POST /api/triage/waiting-room/{id}/assign`: a clinician by id or by name. */
export const assignClinicianBody = z
  .object({ clinicianId: idSchema.optional(), clinicianName: personName(optionalText(SHORT_TEXT), 'Clinician name') })
  .refine((v) => v.clinicianId || v.clinicianName, {
    message: 'Name the clinician by id or by name',
    path: ['clinicianId'],
  });
/** Assign input. */
export type AssignClinicianBody = z.infer<typeof assignClinicianBody>;

/** Optional note on start, cancel, admit and emergency-admit; kept in the entry's history. */
export const queueActionBody = z.object({ note: optionalText(1000) });

/** The clinician's final priority, compared with the AI's urgency (for the analytics' AI accuracy). */
export const finalPriority = z.enum(URGENCY_LEVELS);

/** The patient's rating of the visit, 1 to 5 (for the analytics' patient satisfaction). */
export const visitRating = z.number().int().min(1).max(5);

/** Start Care: the note, and the clinician's final priority if they set it at this point. */
export const startCareBody = queueActionBody.extend({ finalPriority: finalPriority.optional() });

/** Complete Care: the note, the final priority (kept from Start Care when left out) and an optional rating. */
export const completeCareBody = queueActionBody.extend({ finalPriority: finalPriority.optional(), rating: visitRating.optional() });
/** Complete-care input. */
export type CompleteCareBody = z.infer<typeof completeCareBody>;

/**
 * `PUT /api/triage/case/{id}/status` (the page's Start Care call). The server records its own time
 * and the signed-in user; `startedAt` and `startedBy` are accepted for the spec's payload only.
 */
export const queueStatusUpdateBody = z.object({
  status: z.enum(QUEUE_STATUSES),
  startedAt: eventTimestamp.optional(),
  startedBy: personName(optionalText(SHORT_TEXT), 'Started by'),
  /** The clinician's final priority, when set at Start Care. */
  finalPriority: finalPriority.optional(),
});
/** Status-update input. */
export type QueueStatusUpdateBody = z.infer<typeof queueStatusUpdateBody>;

/** A queue entry as staff read it: the stored fields and every derived field of the spec's Queue patient. */
export const queueEntryDto = z.object({
  id: z.string(),
  queueNumber: z.number().int().positive(),
  patientId: z.string().nullable(),
  patientName: z.string(),
  age: z.number().nullable(),
  gender: z.string().nullable(),
  chiefComplaint: z.string(),
  symptoms: z.array(z.string()),
  vitalSigns: queueVitalSigns.nullable(),
  medicalHistory: z.array(z.string()),
  allergies: z.array(z.string()),
  currentMedications: z.array(z.string()),
  painLevel: z.number().int().min(0).max(10).nullable(),
  status: z.enum(QUEUE_STATUSES),
  source: z.string(),
  departmentId: z.string(),
  assignedClinicianId: z.string().nullable(),
  assignedClinicianName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  startedBy: z.string().nullable(),
  /** Minutes waited. */
  waitTime: z.number().int().min(0),
  estimatedTime: z.number().int().min(0),
  urgencyLevel: z.enum(URGENCY_LEVELS),
  riskScore: percentScore,
  clinicalPriority: percentScore,
  riskFactors: z.array(riskFactorDto),
  recommendations: z.array(recommendationDto),
  clinicalGuidelines: z.array(z.string()),
  aiAssessment: z.string(),
  aiConfidence: z.number().min(0).max(1),
  requiresImmediateAttention: z.boolean(),
  news2: news2Dto.nullable(),
});
/** A queue entry. */
export type QueueEntryDto = z.infer<typeof queueEntryDto>;

const count = z.number().int().min(0);
/** The spec's Queue stats. */
export const queueStatsDto = z.object({
  totalWaiting: count,
  totalInProgress: count,
  urgentCases: count,
  emergencyCases: count,
  highRiskPatients: count,
  averageWaitTime: count,
  averageRiskScore: percentScore,
  doctorsAvailable: count,
  cdsAlerts: count,
  guidelineCompliance: z.number().min(0).max(100).nullable(),
});
/** Queue stats. */
export type QueueStatsDto = z.infer<typeof queueStatsDto>;

/** A queue listing: its lines, staff or public, and the queue's stats. */
const queueListing = <T extends z.ZodType>(line: T) => z.object({ success: z.literal(true), patients: z.array(line), stats: queueStatsDto });

/** `GET /api/triage/waiting-room` answer. */
export const waitingRoomResponse = queueListing(queueEntryDto);

/**
 * One line of the public board: queue number, initials, urgency, wait minutes, status, nothing else.
 * Parsing strips every other key, so parse what leaves the public endpoint.
 */
export const publicBoardEntryDto = z.object({
  queueNumber: z.number().int().positive(),
  initials: z.string().max(8),
  urgencyLevel: z.enum(URGENCY_LEVELS),
  /** Minutes waited. */
  waitTime: z.number().int().min(0),
  status: z.enum(QUEUE_STATUSES),
});
/** A public board line. */
export type PublicBoardEntryDto = z.infer<typeof publicBoardEntryDto>;

/** `GET /api/triage/cds-queue/public` answer: de-identified lines and aggregate stats. */
export const publicBoardResponse = queueListing(publicBoardEntryDto);

/** `GET /api/triage/cds-queue/public` query; the organization defaults to 'default-clinic'. */
export const publicBoardQuery = tenantSelector.extend({
  organizationId: idSchema.default(KIOSK_DEFAULT_TENANT),
});

/** One recorded transition of a queue entry: who, when, from, to. */
export const queueTransitionDto = z.object({
  action: z.enum([...QUEUE_ACTIONS, 'create', 'vitals']),
  fromStatus: z.enum(QUEUE_STATUSES).nullable(),
  toStatus: z.enum(QUEUE_STATUSES),
  actorId: z.string().nullable(),
  at: z.string(),
  note: z.string().nullable(),
});

/** `GET /api/triage/waiting-room/stats` answer. */
export const queueStatsResponse = z.object({ success: z.literal(true), stats: queueStatsDto });

/**
 * The answer of a queue action (`POST /api/triage/waiting-room/{id}/{action}`, `…/assign`,
 * `…/vitals`, `PUT /api/triage/case/{id}/status`): the entry as it now stands.
 */
export const queueEntryResponse = z.object({ success: z.literal(true), patient: queueEntryDto });

/** `GET /api/triage/waiting-room/{id}/history` answer: the entry's transitions, oldest first. */
export const queueHistoryResponse = z.object({ success: z.literal(true), transitions: z.array(queueTransitionDto) });
