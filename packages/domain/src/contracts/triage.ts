/**
 * Contracts of the clinical loop (issue 4): AI triage, the kiosk case, the staff queue and its
 * actions, vital signs, the AI risk assessment and the de-identified public board.
 */
import { z } from 'zod';
import { NEWS2_BANDS, NEWS2_PARAMETERS } from '../rules/news2.js';
import { QUEUE_ACTIONS, QUEUE_STATUSES } from '../rules/queue-status.js';
import {
  RECOMMENDATION_PRIORITIES,
  RISK_FACTOR_CATEGORIES,
  RISK_FACTOR_SEVERITIES,
  URGENCY_LEVELS,
  clinicalList,
} from '../rules/risk-score.js';
import { TRIAGE_SEVERITIES } from '../rules/triage.js';
import { LONG_TEXT, SHORT_TEXT, idSchema, optionalEmail, optionalText, personName, tenantSelector } from './common.js';

/** Alert when the symptom text is empty (clinical-workflows section 5). */
export const TRIAGE_EMPTY_MESSAGE = 'Please describe your symptoms.';
/** Alert when the plan lacks the aiTriage feature. */
export const TRIAGE_FEATURE_MESSAGE = 'AI Triage feature requires a subscription. Please upgrade your plan.';
/** The kiosk's message for a missing required field. */
export const KIOSK_REQUIRED_MESSAGE = 'Please fill in all required fields';
/** The kiosk's message when submission fails. */
export const KIOSK_FAILURE_MESSAGE = 'Failed to submit patient data. Please try again.';

/** Organization and clinic used when a kiosk or board names none. */
export const KIOSK_DEFAULT_TENANT = 'default-clinic';
/** Department of every kiosk case. */
export const KIOSK_DEPARTMENT = 'general';
/** Urgency a kiosk case is created with, before any scoring. */
export const KIOSK_URGENCY = 'routine';

/** Longest symptom description the triage page accepts. */
export const TRIAGE_SYMPTOMS_MAX = 2000;
/** Longest chief complaint. */
export const CHIEF_COMPLAINT_MAX = 1000;
/** Longest item of a clinical list (a symptom, condition, allergy, medication). */
export const CLINICAL_ITEM_MAX = 200;
/** Most items in a clinical list. */
export const CLINICAL_LIST_MAX = 50;

/**
 * A clinical list: an array, or one text separated by commas (also semicolons or lines); items
 * trimmed, empties dropped, each at most 200 characters, at most 50 items.
 */
export const clinicalListField = z
  .union([z.string().max(LONG_TEXT), z.array(z.string().max(CLINICAL_ITEM_MAX)).max(CLINICAL_LIST_MAX)])
  .nullish()
  .transform((v) => clinicalList(v))
  .pipe(z.array(z.string().max(CLINICAL_ITEM_MAX)).max(CLINICAL_LIST_MAX));

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An optional whole number in [min, max]; also accepts a numeric string from a form; "" is absent. */
const optionalWhole = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : blankToUndefined(v)),
    z.number().int().min(min).max(max).optional(),
  );

const gender = z.preprocess(
  blankToUndefined,
  z.string().trim().toLowerCase().pipe(z.enum(['male', 'female', 'other'])).optional(),
);

/** Physiological bounds a recorded vital sign must fall in; anything outside is a typing error. */
export const VITAL_BOUNDS = {
  heartRate: { min: 20, max: 300 },
  systolic: { min: 40, max: 300 },
  diastolic: { min: 20, max: 200 },
  oxygenSaturation: { min: 50, max: 100 },
  temperature: { min: 80, max: 115 },
  respiratoryRate: { min: 1, max: 80 },
  glasgowComaScale: { min: 3, max: 15 },
} as const;

const whole = (b: { min: number; max: number }) => z.number().int().min(b.min).max(b.max).nullish();
const B = VITAL_BOUNDS;
const vitalFields = z.object({
  heartRate: whole(B.heartRate),
  bloodPressure: z.object({ systolic: whole(B.systolic), diastolic: whole(B.diastolic) }).nullish(),
  oxygenSaturation: whole(B.oxygenSaturation),
  /** Degrees Fahrenheit. */
  temperature: z.number().min(B.temperature.min).max(B.temperature.max).nullish(),
  respiratoryRate: whole(B.respiratoryRate),
  glasgowComaScale: whole(B.glasgowComaScale),
  supplementalOxygen: z.boolean().nullish(),
});
type VitalFields = z.infer<typeof vitalFields>;

const systolicAboveDiastolic = (v: VitalFields) => {
  const bp = v.bloodPressure;
  return !(bp && typeof bp.systolic === 'number' && typeof bp.diastolic === 'number') || bp.systolic > bp.diastolic;
};
const SYSTOLIC_RULE = { message: 'Systolic pressure must be above diastolic', path: ['bloodPressure', 'systolic'] };

/** Vital signs as stored on a queue entry (temperature in Fahrenheit); every field optional. */
export const queueVitalSigns = vitalFields.refine(systolicAboveDiastolic, SYSTOLIC_RULE);
/** Vital signs. */
export type QueueVitalSigns = z.infer<typeof queueVitalSigns>;

const hasMeasurement = (v: VitalFields) =>
  [v.heartRate, v.bloodPressure?.systolic, v.oxygenSaturation, v.temperature, v.respiratoryRate, v.glasgowComaScale]
    .some((x) => typeof x === 'number');

/** `POST /api/triage/waiting-room/{id}/vitals`: at least one measurement; on air unless said otherwise. */
export const recordVitalsBody = vitalFields
  .extend({ supplementalOxygen: z.boolean().default(false) })
  .refine(systolicAboveDiastolic, SYSTOLIC_RULE)
  .refine(hasMeasurement, { message: 'Record at least one vital sign' });
/** Record-vitals input. */
export type RecordVitalsBody = z.infer<typeof recordVitalsBody>;

/** `POST /api/triage/assess` body. */
export const triageAssessBody = z.object({
  symptoms: z.string({ error: TRIAGE_EMPTY_MESSAGE }).trim().min(1, TRIAGE_EMPTY_MESSAGE).max(TRIAGE_SYMPTOMS_MAX),
});
/** Triage-assess input. */
export type TriageAssessBody = z.infer<typeof triageAssessBody>;

/** A stored triage assessment (spec: Triage assessment), with what the user did about it. */
export const triageAssessmentDto = z.object({
  id: z.string(),
  symptoms: z.string(),
  severity: z.enum(TRIAGE_SEVERITIES),
  recommendation: z.string(),
  /** Minutes; 0 is immediate. */
  estimatedWaitTime: z.number().int().min(0),
  /** Whole percent, 80 to 99. */
  aiConfidence: z.number().int().min(0).max(100),
  timestamp: z.string(),
  accepted: z.boolean(),
  secondOpinionRequested: z.boolean(),
});
/** A triage assessment. */
export type TriageAssessmentDto = z.infer<typeof triageAssessmentDto>;

/** What a user did with an assessment: Accept Recommendation or Get Second Opinion. */
export const triageAssessmentActionBody = z.object({ action: z.enum(['accept', 'second-opinion']) });

const kioskFields = z.object({
  firstName: personName(optionalText(100), 'First name'),
  lastName: personName(optionalText(100), 'Last name'),
  patientName: personName(optionalText(SHORT_TEXT), 'Patient name'),
  name: personName(optionalText(SHORT_TEXT), 'Name'),
  age: optionalWhole(0, 130),
  patientAge: optionalWhole(0, 130),
  gender,
  patientGender: gender,
  dateOfBirth: z.preprocess(blankToUndefined, z.iso.date().optional()),
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

/**
 * `POST /api/triage/case` (and `/case/kiosk`) body: the spec's Kiosk case. Required: first name, last
 * name and chief complaint ("Please fill in all required fields"). The names may come as
 * `patientName`/`name` and age and gender as `patientAge`/`patientGender` (the patient flow test's
 * submission); a missing chief complaint is taken from the symptoms when there are any. Status,
 * urgency, source, department and times are the server's to set and are dropped here.
 */
export const kioskCaseBody = kioskFields.transform((v, ctx) => {
  const { firstName, lastName } = splitName(v);
  const chiefComplaint = v.chiefComplaint ?? (v.symptoms.join(', ').slice(0, CHIEF_COMPLAINT_MAX) || undefined);
  const required = { firstName, lastName, chiefComplaint };
  for (const [field, value] of Object.entries(required)) {
    if (!value) ctx.addIssue({ code: 'custom', message: KIOSK_REQUIRED_MESSAGE, path: [field], input: value });
  }
  if (!firstName || !lastName || !chiefComplaint) return z.NEVER;
  const { patientName: _p, name: _n, patientAge, patientGender, ...rest } = v;
  return {
    ...rest,
    firstName,
    lastName,
    patientName: `${firstName} ${lastName}`,
    age: v.age ?? patientAge,
    gender: v.gender ?? patientGender,
    chiefComplaint,
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

/**
 * `PUT /api/triage/case/{id}/status` (the page's Start Care call). The server records its own time
 * and the signed-in user; `startedAt` and `startedBy` are accepted for the spec's payload only.
 */
export const queueStatusUpdateBody = z.object({
  status: z.enum(QUEUE_STATUSES),
  startedAt: z.iso.datetime({ offset: true }).optional(),
  startedBy: personName(optionalText(SHORT_TEXT), 'Started by'),
});
/** Status-update input. */
export type QueueStatusUpdateBody = z.infer<typeof queueStatusUpdateBody>;

/** What the risk rules read of a patient (see `assessRisk`); other fields are ignored. */
export const riskPatient = z.object({
  age: z.number().min(0).max(130).nullish(),
  symptoms: clinicalListField,
  vitalSigns: queueVitalSigns.nullish(),
  medicalHistory: clinicalListField,
  chiefComplaint: optionalText(CHIEF_COMPLAINT_MAX),
  /** Minutes waited. */
  waitTime: z.number().min(0).max(1_000_000).nullish(),
});

/** `POST /api/ai-risk/assess` body. */
export const aiRiskAssessBody = z.object({ patient: riskPatient });
/** AI-risk input. */
export type AiRiskAssessBody = z.infer<typeof aiRiskAssessBody>;

/** A NEWS2 result. */
export const news2Dto = z.object({
  score: z.number().int().min(0),
  band: z.enum(NEWS2_BANDS),
  points: z.record(z.enum(NEWS2_PARAMETERS), z.number().int().min(0).max(3).nullable()),
  missing: z.array(z.enum(NEWS2_PARAMETERS)),
  complete: z.boolean(),
  singleParameterThree: z.boolean(),
});

/** A risk factor: one reason the score is what it is (spec: Queue patient riskFactors). */
export const riskFactorDto = z.object({
  id: z.string(),
  factor: z.string(),
  severity: z.enum(RISK_FACTOR_SEVERITIES),
  category: z.enum(RISK_FACTOR_CATEGORIES),
  description: z.string(),
  mitigation: z.string(),
  /** Points this factor added to the score. */
  points: z.number(),
});
/** A risk factor. */
export type RiskFactor = z.infer<typeof riskFactorDto>;

/** A clinical decision support recommendation (spec: Queue patient recommendations). */
export const recommendationDto = z.object({
  id: z.string(),
  type: z.enum(['escalation', 'diagnostic', 'treatment', 'monitoring', 'routine']),
  priority: z.enum(RECOMMENDATION_PRIORITIES),
  title: z.string(),
  description: z.string(),
  evidenceLevel: z.enum(['A', 'B', 'C']),
  source: z.string(),
  applicable: z.boolean(),
  /** The finding that triggered it. */
  rationale: z.string(),
});
/** A clinical decision support recommendation. */
export type Recommendation = z.infer<typeof recommendationDto>;

const score = z.number().min(0).max(100);

/** The AI risk assessment's answer (`assessment` of `POST /api/ai-risk/assess`). */
export const riskAssessmentDto = z.object({
  riskScore: score,
  urgencyLevel: z.enum(URGENCY_LEVELS),
  clinicalPriority: score,
  requiresImmediateAttention: z.boolean(),
  assessment: z.string(),
  riskFactors: z.array(riskFactorDto),
  recommendations: z.array(recommendationDto),
  clinicalGuidelines: z.array(z.string()),
  /** A fraction, 0.85. */
  aiConfidence: z.number().min(0).max(1),
  news2: news2Dto.nullable(),
});

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
  riskScore: score,
  clinicalPriority: score,
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
  averageRiskScore: score,
  doctorsAvailable: count,
  cdsAlerts: count,
  guidelineCompliance: z.number().min(0).max(100).nullable(),
});
/** Queue stats. */
export type QueueStatsDto = z.infer<typeof queueStatsDto>;

/** `GET /api/triage/waiting-room` answer. */
export const waitingRoomResponse = z.object({
  success: z.literal(true),
  patients: z.array(queueEntryDto),
  stats: queueStatsDto,
});

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
export const publicBoardResponse = z.object({
  success: z.literal(true),
  patients: z.array(publicBoardEntryDto),
  stats: queueStatsDto,
});

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
