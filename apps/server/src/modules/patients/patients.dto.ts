import type { VisitDto, VisitPriority, VisitStatus, VisitType } from '@clinic/domain';
import type { PatientVisitRow } from '../../db/schema/index.js';

/** A visit row as the API returns it. */
export function toVisitDto(v: PatientVisitRow): VisitDto {
  return {
    id: v.id,
    patientId: v.patientId,
    date: v.visitedAt.toISOString(),
    type: v.type as VisitType,
    priority: v.priority as VisitPriority,
    doctor: v.doctor,
    waitTime: v.waitTimeMinutes,
    status: v.status as VisitStatus,
    symptoms: v.symptoms,
    diagnosis: v.diagnosis,
    treatment: v.treatment,
    notes: v.notes,
    createdAt: v.createdAt.toISOString(),
  };
}
