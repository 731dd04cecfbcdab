import { gdprConsents, gdprRightsRequests } from '../../db/schema/index.js';
import { moveToPatient } from '../../platform/patient-records.js';
import type { TenantTx } from '../../platform/route/index.js';

/**
 * Moves a patient's consents and data-subject requests to the chart that stays when a chart made from public input is merged into the
 * existing chart it duplicates (`modules/patient-merge`). Returns how many moved, by kind.
 */
export async function moveGdprRecords(
  tx: TenantTx,
  organizationId: string,
  fromPatientId: string,
  toPatientId: string,
): Promise<Record<string, number>> {
  return {
    gdprConsents: await moveToPatient(tx, gdprConsents, organizationId, fromPatientId, toPatientId),
    gdprRightsRequests: await moveToPatient(tx, gdprRightsRequests, organizationId, fromPatientId, toPatientId),
  };
}
