import { ageInYears, deriveQueuePatient, type KioskCaseBody, type QueueEntryDto, type QueueStatus, type QueueVitalSigns } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { queueCounters, queueEntries, queueTransitions, type QueueEntryRow } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import type { TenantTx } from '../../platform/route/index.js';

/** The next queue number of a clinic for a day, from 1; atomic under concurrent check-ins. */
export async function nextQueueNumber(tx: TenantTx, organizationId: string, clinicId: string, day: string): Promise<number> {
  const [row] = await tx
    .insert(queueCounters)
    .values({ organizationId, clinicId, day, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [queueCounters.organizationId, queueCounters.clinicId, queueCounters.day],
      set: { lastNumber: sql`${queueCounters.lastNumber} + 1` },
    })
    .returning({ n: queueCounters.lastNumber });
  return row.n;
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
  const queueNumber = await nextQueueNumber(tx, input.organizationId, input.clinicId, input.day);
  const p = input.patient;
  const age = p.age ?? ageInYears(p.dateOfBirth ?? null);
  const now = new Date();
  // Scores stored with the entry (for sorting and reporting); the queue derives them again at read time.
  const initial = deriveQueuePatient(
    { status: 'waiting', createdAt: now, age, symptoms: p.symptoms, medicalHistory: p.medicalHistory, chiefComplaint: p.chiefComplaint },
    now,
  );
  const [row] = await tx
    .insert(queueEntries)
    .values({
      organizationId: input.organizationId,
      clinicId: input.clinicId,
      id: newId(),
      queueDate: input.day,
      queueNumber,
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

/** Appends one line to an entry's history. */
export async function recordTransition(
  tx: TenantTx,
  entry: Pick<QueueEntryRow, 'organizationId' | 'id'>,
  t: { action: string; from: QueueStatus | null; to: QueueStatus; actorId: string | null; note?: string; details?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(queueTransitions).values({
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

function rulesInput(row: QueueEntryRow) {
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

/** The derived fields (risk, urgency, NEWS2, wait) of a stored entry as of `now`. */
export function deriveEntry(row: QueueEntryRow, now: Date) {
  return deriveQueuePatient(rulesInput(row), now);
}

/** A stored entry as staff read it, with every derived field of the spec's Queue patient. */
export function toQueueEntryDto(row: QueueEntryRow, now: Date, assignedClinicianName: string | null = null): QueueEntryDto {
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
