import { ehrPatientLinks } from '../../db/schema/index.js';
import { moveToPatient } from '../../platform/patient-records.js';
import type { TenantTx } from '../../platform/route/index.js';

/**
 * Moves a patient's EHR links, so that a later sync updates the chart that stays to the chart that stays when a chart made from public input is merged into the
 * existing chart it duplicates (`modules/patient-merge`). Returns how many moved, by kind.
 */
export async function moveIntegrationRecords(
  tx: TenantTx,
  organizationId: string,
  fromPatientId: string,
  toPatientId: string,
): Promise<Record<string, number>> {
  return { ehrPatientLinks: await moveToPatient(tx, ehrPatientLinks, organizationId, fromPatientId, toPatientId) };
}
