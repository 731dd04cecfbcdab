import { eq } from 'drizzle-orm';
import { emergencyEntryDetails } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/**
 * The weights the emergency room recorded for the organization's queue entries (`queueEntryId`,
 * `weightKg`, `updatedAt`), as a select the caller joins in its own statement (`.as(alias)`):
 * the FHIR facade publishes each as a body-weight Observation.
 */
export function entryWeightsQuery(tx: TenantTx, organizationId: string) {
  return tx
    .select({
      queueEntryId: emergencyEntryDetails.queueEntryId,
      weightKg: emergencyEntryDetails.weightKg,
      updatedAt: emergencyEntryDetails.updatedAt,
    })
    .from(emergencyEntryDetails)
    .where(eq(emergencyEntryDetails.organizationId, organizationId));
}
