import { ageInYears, queueScoring, type KioskCaseBody, type QueueEntryDto, type QueuePatientDerived, type QueueStatus } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { queueCounters, queueEntries, queueTransitions, type QueueEntryRow } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { deferInsert, type TenantTx } from '../../platform/route/index.js';
import { scoreEntry, scoredFieldsOf } from './queue-scoring.js';

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

/**
 * The fields of a staff entry that are read as stored or computed as of the read: every field of
 * {@link QueueEntryDto} but those written with the entry's kept scoring (`scoredFieldsOf`).
 */
export function ownFieldsOf(row: QueueEntryView, d: QueuePatientDerived, assignedClinicianName: string | null) {
  return {
    id: row.id,
    queueNumber: row.queueNumber,
    patientId: row.patientId,
    patientName: `${row.firstName} ${row.lastName}`,
    gender: row.gender,
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
    clinicalPriority: d.clinicalPriority,
  };
}

/** A stored entry as staff read it, with every derived field of the spec's Queue patient. */
export function toQueueEntryDto(row: QueueEntryView, now: Date, assignedClinicianName: string | null = null): QueueEntryDto {
  const { derived, scoring } = scoreEntry(row, now);
  // Not a literal of two spreads: V8 builds an object of this many fields that way about ten times slower.
  return Object.assign(ownFieldsOf(row, derived, assignedClinicianName), scoredFieldsOf(row, scoring));
}
