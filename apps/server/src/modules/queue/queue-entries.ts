import {
  ageInYears,
  derivedAt,
  queueScoring,
  type KioskCaseBody,
  type QueueEntryDto,
  type QueuePatientDerived,
  type QueueScoring,
  type QueueStatus,
  type QueueVitalSigns,
} from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { queueCounters, queueEntries, queueTransitions, type QueueEntryRow } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { deferInsert, type TenantTx } from '../../platform/route/index.js';

/**
 * The next queue number of a clinic for a day, from 1, as the common table expression `counter`
 * (its column `last_number`): atomic under concurrent check-ins, which wait on the counter's row from this
 * statement to their COMMIT. Sent with the entry's own insert, so the wait spans no extra round trip.
 */
function nextQueueNumber(tx: TenantTx, organizationId: string, clinicId: string, day: string) {
  return tx.$with('counter').as(
    tx
      .insert(queueCounters)
      .values({ organizationId, clinicId, day, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [queueCounters.organizationId, queueCounters.clinicId, queueCounters.day],
        set: { lastNumber: sql`${queueCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: queueCounters.lastNumber }),
  );
}

/** What a new queue entry is made from. */
export interface NewQueueEntry {
  organizationId: string;
  clinicId: string;
  day: string;
  patientId: string | null;
  source: 'kiosk' | 'emergency-kiosk' | 'intake' | 'staff';
  department: string;
  requestedPriority: string;
  estimatedTime?: number;
  createdBy: string | null;
  /** A kiosk check-in's measured duration in seconds (`rules/kiosk-figures.ts`), if any. */
  checkInSeconds?: number | null;
  patient: Pick<
    KioskCaseBody,
    | 'firstName'
    | 'lastName'
    | 'dateOfBirth'
    | 'age'
    | 'gender'
    | 'phoneNumber'
    | 'email'
    | 'emergencyContact'
    | 'emergencyPhone'
    | 'chiefComplaint'
    | 'symptoms'
    | 'medicalHistory'
    | 'allergies'
    | 'currentMedications'
    | 'painLevel'
  >;
}

/** Adds an entry to the clinic's queue (status waiting) with the next number and its first history line. */
export async function createQueueEntry(tx: TenantTx, input: NewQueueEntry): Promise<QueueEntryRow> {
  const counter = nextQueueNumber(tx, input.organizationId, input.clinicId, input.day);
  const p = input.patient;
  const age = p.age ?? ageInYears(p.dateOfBirth ?? null);
  const now = new Date();
  // Scores stored with the entry (for sorting and reporting); the queue derives them again at read time.
  const initial = queueScoring({ age, symptoms: p.symptoms, medicalHistory: p.medicalHistory, chiefComplaint: p.chiefComplaint });
  const [row] = await tx
    .with(counter)
    .insert(queueEntries)
    .values({
      organizationId: input.organizationId,
      clinicId: input.clinicId,
      id: newId(),
      queueDate: input.day,
      queueNumber: sql`(select last_number from ${counter})`,
      patientId: input.patientId,
      source: input.source,
      department: input.department,
      status: 'waiting',
      requestedPriority: input.requestedPriority,
      firstName: p.firstName,
      lastName: p.lastName,
      dateOfBirth: p.dateOfBirth ?? null,
      age: age ?? null,
      gender: p.gender ?? null,
      phone: p.phoneNumber ?? null,
      email: p.email ?? null,
      emergencyContact: p.emergencyContact ?? null,
      emergencyPhone: p.emergencyPhone ?? null,
      chiefComplaint: p.chiefComplaint,
      symptoms: p.symptoms,
      medicalHistory: p.medicalHistory,
      allergies: p.allergies,
      currentMedications: p.currentMedications,
      painLevel: p.painLevel ?? null,
      estimatedTime: input.estimatedTime ?? 30,
      riskScore: initial.riskScore,
      createdBy: input.createdBy,
      checkInSeconds: input.checkInSeconds ?? null,
      createdAt: now,
    })
    .returning();
  await recordTransition(tx, row, { action: 'create', from: null, to: 'waiting', actorId: input.createdBy });
  return row;
}

/** Appends one line to an entry's history, written with the COMMIT (nothing reads it back in the transaction). */
export async function recordTransition(
  tx: TenantTx,
  entry: Pick<QueueEntryRow, 'organizationId' | 'id'>,
  t: { action: string; from: QueueStatus | null; to: QueueStatus; actorId: string | null; note?: string; details?: Record<string, unknown> },
): Promise<void> {
  await deferInsert(tx, queueTransitions, {
    organizationId: entry.organizationId,
    id: newId(),
    entryId: entry.id,
    action: t.action,
    fromStatus: t.from,
    toStatus: t.to,
    actorUserId: t.actorId,
    details: t.note || t.details ? { note: t.note ?? null, ...t.details } : null,
  });
}

/**
 * The columns the queue's reads (waiting room, stats, public board, an action's answer) use of an
 * entry: what the staff see and what the derived fields are computed from. Contact details, the
 * analytics capture and the stored scores stay unread.
 */
export const queueEntryView = {
  organizationId: queueEntries.organizationId,
  id: queueEntries.id,
  queueNumber: queueEntries.queueNumber,
  patientId: queueEntries.patientId,
  firstName: queueEntries.firstName,
  lastName: queueEntries.lastName,
  age: queueEntries.age,
  gender: queueEntries.gender,
  chiefComplaint: queueEntries.chiefComplaint,
  symptoms: queueEntries.symptoms,
  vitalSigns: queueEntries.vitalSigns,
  supplementalOxygen: queueEntries.supplementalOxygen,
  medicalHistory: queueEntries.medicalHistory,
  allergies: queueEntries.allergies,
  currentMedications: queueEntries.currentMedications,
  painLevel: queueEntries.painLevel,
  status: queueEntries.status,
  source: queueEntries.source,
  department: queueEntries.department,
  assignedTo: queueEntries.assignedTo,
  estimatedTime: queueEntries.estimatedTime,
  createdAt: queueEntries.createdAt,
  startedAt: queueEntries.startedAt,
  startedBy: queueEntries.startedBy,
  endedAt: queueEntries.endedAt,
};
/** An entry as the queue's reads see it ({@link queueEntryView}). */
export type QueueEntryView = Pick<QueueEntryRow, keyof typeof queueEntryView>;

/** What the derived fields of an entry are computed from. */
type ScoredEntry = Pick<
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

/** How many scorings {@link scoringOf} keeps: far more than the open entries of the clinics one server serves. */
const SCORINGS_KEPT = 20_000;
/** The scorings computed so far, by organization and everything a scoring is computed from; least recently used first. */
const scorings = new Map<string, QueueScoring>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * The time-independent derived fields of an entry (risk score, urgency, factors, recommendations,
 * guidelines, assessment, NEWS2): a pure function of its age, symptoms, vital signs, oxygen,
 * history and chief complaint, so it is computed once per state of an entry and then reused by
 * every read (the waiting room is polled by many screens) until the entry's inputs change. Kept
 * per organization, frozen (shared by the answers that use it), at most {@link SCORINGS_KEPT}.
 */
function scoringOf(row: ScoredEntry, input: ReturnType<typeof rulesInput>): QueueScoring {
  const key = JSON.stringify([
    row.organizationId,
    row.age,
    row.symptoms,
    row.vitalSigns,
    row.supplementalOxygen,
    row.medicalHistory,
    row.chiefComplaint,
  ]);
  let scoring = scorings.get(key);
  if (scoring) {
    scorings.delete(key);
  } else {
    scoring = deepFreeze(queueScoring(input));
    if (scorings.size >= SCORINGS_KEPT) scorings.delete(scorings.keys().next().value!);
  }
  scorings.set(key, scoring);
  return scoring;
}

/** The derived fields (risk, urgency, NEWS2, wait) of a stored entry as of `now`. */
export function deriveEntry(row: ScoredEntry, now: Date): QueuePatientDerived {
  const input = rulesInput(row);
  return derivedAt(input, scoringOf(row, input), now);
}

/** A stored entry as staff read it, with every derived field of the spec's Queue patient. */
export function toQueueEntryDto(row: QueueEntryView, now: Date, assignedClinicianName: string | null = null): QueueEntryDto {
  const d = deriveEntry(row, now);
  return {
    id: row.id,
    queueNumber: row.queueNumber,
    patientId: row.patientId,
    patientName: `${row.firstName} ${row.lastName}`,
    age: row.age,
    gender: row.gender,
    chiefComplaint: row.chiefComplaint,
    symptoms: row.symptoms,
    vitalSigns: (row.vitalSigns as QueueVitalSigns | null) ?? null,
    medicalHistory: row.medicalHistory,
    allergies: row.allergies,
    currentMedications: row.currentMedications,
    painLevel: row.painLevel,
    status: row.status as QueueStatus,
    source: row.source,
    departmentId: row.department,
    assignedClinicianId: row.assignedTo,
    assignedClinicianName,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    startedBy: row.startedBy,
    waitTime: d.waitTime,
    estimatedTime: d.estimatedTime,
    urgencyLevel: d.urgencyLevel,
    riskScore: d.riskScore,
    clinicalPriority: d.clinicalPriority,
    riskFactors: d.riskFactors,
    recommendations: d.recommendations,
    clinicalGuidelines: d.clinicalGuidelines,
    aiAssessment: d.aiAssessment,
    aiConfidence: d.aiConfidence,
    requiresImmediateAttention: d.requiresImmediateAttention,
    news2: d.news2,
  };
}
