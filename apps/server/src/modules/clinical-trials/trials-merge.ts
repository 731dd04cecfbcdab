import { and, eq, inArray } from 'drizzle-orm';
import { trialAdverseEvents, trialEnrollments } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { patientRecordMover } from '../../platform/patient-records.js';
import type { TenantTx } from '../../platform/route/index.js';

/**
 * Moves a patient's trial enrolments and adverse events to the chart that stays when a chart made
 * from public input is merged into the existing chart it duplicates (`modules/patient-merge`).
 * Both charts enrolled in one trial is a 409: a person is enrolled once, and which enrolment
 * stands is the study team's decision (withdraw one first). Returns how many moved, by kind.
 */
export async function moveTrialRecords(
  tx: TenantTx,
  organizationId: string,
  fromPatientId: string,
  toPatientId: string,
): Promise<Record<string, number>> {
  const enrolled = await tx
    .select({ trialId: trialEnrollments.trialId, patientId: trialEnrollments.patientId })
    .from(trialEnrollments)
    .where(and(eq(trialEnrollments.organizationId, organizationId), inArray(trialEnrollments.patientId, [fromPatientId, toPatientId])));
  const trialsOf = (patientId: string) => new Set(enrolled.filter((e) => e.patientId === patientId).map((e) => e.trialId));
  const toTrials = trialsOf(toPatientId);
  if ([...trialsOf(fromPatientId)].some((trialId) => toTrials.has(trialId))) {
    throw new AppError('conflict/enrolled-twice', 'Both charts are enrolled in the same trial. Withdraw one enrolment before merging.');
  }
  return moveTrialRows(tx, organizationId, fromPatientId, toPatientId);
}

const moveTrialRows = patientRecordMover({ trialEnrollments, trialAdverseEvents });
