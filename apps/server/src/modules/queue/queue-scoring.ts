/**
 * The derived fields of queue entries (risk score, urgency, factors, recommendations, guidelines,
 * assessment, NEWS2): computed once per state of an entry, kept, and reused by every read, with
 * the JSON text the waiting room sends of them.
 */
import {
  derivedAt,
  queueEntryDto,
  queueScoring,
  type QueuePatientDerived,
  type QueueScoring,
  type QueueStatus,
  type QueueVitalSigns,
} from '@clinic/domain';
import type { QueueEntryView } from './queue-entries.js';

/** What the derived fields of an entry are computed from. */
export type ScoredEntry = Pick<
  QueueEntryView,
  | 'organizationId'
  | 'status'
  | 'createdAt'
  | 'startedAt'
  | 'endedAt'
  | 'estimatedTime'
  | 'age'
  | 'symptoms'
  | 'vitalSigns'
  | 'supplementalOxygen'
  | 'medicalHistory'
  | 'chiefComplaint'
>;

function rulesInput(row: ScoredEntry) {
  const vitals = row.vitalSigns as QueueVitalSigns | null;
  return {
    status: row.status as QueueStatus,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    closedAt: row.startedAt ? null : row.endedAt,
    estimatedTime: row.estimatedTime,
    age: row.age,
    symptoms: row.symptoms,
    vitalSigns: vitals ? { ...vitals, supplementalOxygen: row.supplementalOxygen } : null,
    medicalHistory: row.medicalHistory,
    chiefComplaint: row.chiefComplaint,
  };
}

/**
 * The fields of a staff entry ({@link queueEntryDto}) that are a function of what a kept scoring is
 * keyed by: the scoring itself and the entry's own age, chief complaint, symptoms, vital signs and
 * history. Written as JSON once per kept scoring.
 */
const scoredFields = queueEntryDto.pick({
  age: true,
  chiefComplaint: true,
  symptoms: true,
  vitalSigns: true,
  medicalHistory: true,
  urgencyLevel: true,
  riskScore: true,
  riskFactors: true,
  recommendations: true,
  clinicalGuidelines: true,
  aiAssessment: true,
  aiConfidence: true,
  requiresImmediateAttention: true,
  news2: true,
});

/** A kept scoring and, once asked for, the JSON text of its entry's {@link scoredFields} (without braces). */
interface Kept {
  scoring: QueueScoring;
  /** The UTF-8 bytes of the JSON members of the entry's {@link scoredFields}, written at its first read. */
  json?: Buffer;
}

/** How many scorings are kept: far more than the open entries of the clinics one server serves. */
const SCORINGS_KEPT = 20_000;
/** The scorings computed so far, by organization and everything a scoring is computed from; least recently used first. */
const scorings = new Map<string, Kept>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * The kept scoring of an entry: a pure function of its age, symptoms, vital signs, oxygen, history
 * and chief complaint, so it is computed once per state of an entry and then reused by every read
 * (the waiting room is polled by many screens) until the entry's inputs change. Kept per
 * organization, frozen (shared by the answers that use it), at most {@link SCORINGS_KEPT}.
 */
function keptOf(row: ScoredEntry, input: ReturnType<typeof rulesInput>): Kept {
  const key = JSON.stringify([
    row.organizationId,
    row.age,
    row.symptoms,
    row.vitalSigns,
    row.supplementalOxygen,
    row.medicalHistory,
    row.chiefComplaint,
  ]);
  let kept = scorings.get(key);
  if (kept) {
    scorings.delete(key);
  } else {
    kept = { scoring: deepFreeze(queueScoring(input)) };
    if (scorings.size >= SCORINGS_KEPT) scorings.delete(scorings.keys().next().value!);
  }
  scorings.set(key, kept);
  return kept;
}

/** The values of an entry's {@link scoredFields}. */
export function scoredFieldsOf(row: ScoredEntry, scoring: QueueScoring) {
  return {
    age: row.age,
    chiefComplaint: row.chiefComplaint,
    symptoms: row.symptoms,
    vitalSigns: (row.vitalSigns as QueueVitalSigns | null) ?? null,
    medicalHistory: row.medicalHistory,
    ...scoring,
  };
}

/** The derived fields (risk, urgency, NEWS2, wait) of a stored entry as of `now`, and its kept scoring. */
export function scoreEntry(row: ScoredEntry, now: Date): { derived: QueuePatientDerived; scoring: QueueScoring } {
  const input = rulesInput(row);
  const { scoring } = keptOf(row, input);
  return { derived: derivedAt(input, scoring, now), scoring };
}

/** The derived fields (risk, urgency, NEWS2, wait) of a stored entry as of `now`. */
export function deriveEntry(row: ScoredEntry, now: Date): QueuePatientDerived {
  return scoreEntry(row, now).derived;
}

/**
 * {@link scoreEntry}, with the JSON of the entry's {@link scoredFields} (the object's members,
 * without braces) as UTF-8 bytes: passed through the contract, written and encoded once per kept
 * scoring, then reused by every read.
 */
export function scoreEntryAsJson(row: ScoredEntry, now: Date): { derived: QueuePatientDerived; scoredJson: Buffer } {
  const input = rulesInput(row);
  const kept = keptOf(row, input);
  kept.json ??= Buffer.from(JSON.stringify(scoredFields.parse(scoredFieldsOf(row, kept.scoring))).slice(1, -1));
  return { derived: derivedAt(input, kept.scoring, now), scoredJson: kept.json };
}
