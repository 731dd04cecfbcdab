import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { queueEntries } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/**
 * The organization's queue entries linked to a patient (the patient's queue episodes), of one
 * patient or the ids listed when given, as a select the caller composes into its own statement
 * (`.as(alias)`): the FHIR facade pages them with visits, and reads their vital signs with the
 * emergency room's weights.
 */
export function patientEpisodesQuery(tx: TenantTx, organizationId: string, match: { patientId?: string; ids?: string[] } = {}) {
  return tx
    .select()
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.organizationId, organizationId),
        isNotNull(queueEntries.patientId),
        match.patientId !== undefined ? eq(queueEntries.patientId, match.patientId) : undefined,
        match.ids ? inArray(queueEntries.id, match.ids) : undefined,
      ),
    );
}
