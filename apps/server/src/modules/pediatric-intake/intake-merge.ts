import { pediatricIntakes } from '../../db/schema/index.js';
import { moveToPatient } from '../../platform/patient-records.js';
import type { TenantTx } from '../../platform/route/index.js';

/**
 * Moves a patient's pediatric intakes; their tokens stay, acting only on the chart their intake made, which the merge archives to the chart that stays when a chart made from public input is merged into the
 * existing chart it duplicates (`modules/patient-merge`). Returns how many moved, by kind.
 */
export async function moveIntakeRecords(
  tx: TenantTx,
  organizationId: string,
  fromPatientId: string,
  toPatientId: string,
): Promise<Record<string, number>> {
  return { pediatricIntakes: await moveToPatient(tx, pediatricIntakes, organizationId, fromPatientId, toPatientId) };
}
