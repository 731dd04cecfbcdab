import {
  compliancePercent,
  enrollmentPercent,
  type AdverseEventDto,
  type AgeUnit,
  type EnrollmentDto,
  type PublicTrialDto,
  type TrialDto,
  type TrialVisitDto,
} from '@clinic/domain';
import type { ClinicalTrialRow, TrialAdverseEventRow, TrialEnrollmentRow, TrialVisitRow } from '../../db/schema/index.js';

/** A trial row as staff read it; `openSeriousEvents` counted by the caller. */
export function toTrialDto(row: ClinicalTrialRow, openSeriousEvents = 0): TrialDto {
  return {
    id: row.id,
    title: row.title,
    phase: row.phase as TrialDto['phase'],
    status: row.status as TrialDto['status'],
    sponsor: row.sponsor,
    principalInvestigator: row.principalInvestigator,
    startDate: row.startDate,
    endDate: row.endDate,
    targetEnrollment: row.targetEnrollment,
    currentEnrollment: row.currentEnrollment,
    enrollmentPercent: enrollmentPercent(row.currentEnrollment, row.targetEnrollment),
    ageRange: { min: row.ageMin, max: row.ageMax, unit: row.ageUnit as AgeUnit },
    indications: row.indications,
    interventions: row.interventions,
    endpoints: row.endpoints,
    inclusionCriteria: row.inclusionCriteria,
    exclusionCriteria: row.exclusionCriteria,
    protocol: row.protocol,
    regulatoryApproval: row.regulatoryApproval,
    openSeriousEvents,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What anyone may read of a recruiting trial: id, title, status and age range. */
export function toPublicTrialDto(row: ClinicalTrialRow): PublicTrialDto {
  return {
    id: row.id,
    title: row.title,
    status: row.status as PublicTrialDto['status'],
    ageRange: { min: row.ageMin, max: row.ageMax, unit: row.ageUnit as AgeUnit },
  };
}

/** A visit's status: completed when done, missed when its day has passed, else scheduled. */
export function toVisitDto(row: TrialVisitRow, today: string): TrialVisitDto {
  const status = row.completedDate ? 'Completed' : row.scheduledDate < today ? 'Missed' : 'Scheduled';
  return {
    visitNumber: row.visitNumber,
    visitName: row.visitName,
    scheduledDate: row.scheduledDate,
    completedDate: row.completedDate,
    procedures: row.procedures,
    assessments: row.assessments,
    status,
  };
}

/** An enrolment with its schedule and compliance as of `today`. */
export function toEnrollmentDto(row: TrialEnrollmentRow, patientName: string, visits: TrialVisitRow[], today: string): EnrollmentDto {
  const schedule = visits.sort((a, b) => a.visitNumber - b.visitNumber).map((v) => toVisitDto(v, today));
  return {
    id: row.id,
    trialId: row.trialId,
    patientId: row.patientId,
    patientName,
    screeningNumber: row.screeningNumber,
    enrollmentDate: row.enrollmentDate,
    randomizationGroup: row.randomizationGroup,
    status: row.status as EnrollmentDto['status'],
    withdrawalReason: row.withdrawalReason,
    visitSchedule: schedule,
    compliance: compliancePercent(schedule, today),
  };
}

/** An adverse event as staff read it. */
export function toAdverseEventDto(row: TrialAdverseEventRow, trialTitle: string, patientName: string): AdverseEventDto {
  return {
    id: row.id,
    trialId: row.trialId,
    trialTitle,
    patientId: row.patientId,
    patientName,
    eventType: row.eventType,
    severity: row.severity as AdverseEventDto['severity'],
    relatedness: row.relatedness as AdverseEventDto['relatedness'],
    description: row.description,
    date: row.eventDate,
    resolved: row.resolved,
    actionTaken: row.actionTaken,
    serious: row.serious,
    reportingDueDate: row.reportingDueDate,
    reportedAt: row.createdAt.toISOString(),
  };
}
