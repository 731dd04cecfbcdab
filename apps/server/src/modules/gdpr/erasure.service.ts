import { MEDICAL_RECORD_RETENTION_YEARS, type EraseBody, type ErasureResultDto } from '@clinic/domain';
import { AppError } from '../../platform/errors.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { requirePatientPrivacyState, restrictPatientProcessing } from '../patients/index.js';
import { eraseCopies } from './erasure-steps.js';
import { closeRightsRequest, lockRightsRequest } from './rights-requests.service.js';

/** What an erasure says it did, in words. */
export function erasureMessage(visitsKept: number): string {
  const visits = visitsKept === 1 ? '1 visit' : `${visitsKept} visits`;
  return (
    'Processing of this patient’s data is now restricted and their contact details (phone, email, address and emergency contact) were removed. ' +
    `Their medical records, including ${visits}, were not deleted: they are kept for the ${MEDICAL_RECORD_RETENTION_YEARS}-year retention period.`
  );
}

/**
 * The right to erasure inside the retention period: medical records are not deleted; the patient's
 * processing is restricted and the contact fields removed (patients module), and so are the copies
 * other modules keep (queue entries, intake records, EHR links, stored answers: `erasure-steps.ts`,
 * as listed in `db/schema/person-data.ts`). The erasure request named, if any, is completed with
 * that answer. A request of another patient, of another type or already closed is refused before
 * anything changes. Audited with field names and counts, never values.
 */
export async function erasePatient(ctx: TenantRouteContext, body: EraseBody): Promise<ErasureResultDto> {
  const patient = await requirePatientPrivacyState(ctx, body.patientId);
  const request = body.requestId ? await lockRightsRequest(ctx, body.requestId) : null;
  if (request) {
    if (request.patientId !== patient.id) throw new AppError('validation/request-patient', 'This request is not this patient’s.');
    if (request.type !== 'erasure') throw new AppError('validation/request-type', 'Only an erasure request is completed by erasing.');
    if (request.status !== 'OPEN') throw new AppError('conflict/request-closed', 'This request is already closed.');
  }
  const restriction = await restrictPatientProcessing(ctx, patient.id);
  const copies = await eraseCopies(ctx, restriction.patientIds);
  const message = erasureMessage(restriction.visitsKept);
  if (request) await closeRightsRequest(ctx.tx, request, 'COMPLETED', message, ctx.actor.userId);
  await ctx.audit(
    'gdpr.erasure',
    { type: 'patient', id: patient.id },
    { requestId: request?.id ?? null, fields: restriction.clearedFields, visitsKept: restriction.visitsKept, copies },
  );
  return {
    patientId: patient.id,
    processingRestrictedAt: restriction.restrictedAt.toISOString(),
    pseudonymisedFields: restriction.clearedFields,
    visitsKept: restriction.visitsKept,
    retentionYears: MEDICAL_RECORD_RETENTION_YEARS,
    requestId: request?.id ?? null,
    message,
  };
}
