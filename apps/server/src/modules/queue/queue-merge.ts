import { queueEntries } from '../../db/schema/index.js';
import { moveToPatient } from '../../platform/patient-records.js';
import type { TenantTx } from '../../platform/route/index.js';

/**
 * Moves the queue's entries of a patient (waiting, in care and past) to the chart that stays when a chart made from public input is merged into the
 * existing chart it duplicates (`modules/patient-merge`). Returns how many moved, by kind.
 */
export async function moveQueueRecords(
  tx: TenantTx,
  organizationId: string,
  fromPatientId: string,
  toPatientId: string,
): Promise<Record<string, number>> {
  return { queueEntries: await moveToPatient(tx, queueEntries, organizationId, fromPatientId, toPatientId) };
}
