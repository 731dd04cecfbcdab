import { visitors } from '../../db/schema/index.js';
import { moveToPatient } from '../../platform/patient-records.js';
import type { TenantTx } from '../../platform/route/index.js';

/**
 * Moves the visits of a patient's visitors to the chart that stays when a chart made from public input is merged into the
 * existing chart it duplicates (`modules/patient-merge`). Returns how many moved, by kind.
 */
export async function moveVisitorRecords(
  tx: TenantTx,
  organizationId: string,
  fromPatientId: string,
  toPatientId: string,
): Promise<Record<string, number>> {
  return { visitors: await moveToPatient(tx, visitors, organizationId, fromPatientId, toPatientId) };
}
