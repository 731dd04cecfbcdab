import { forgetStoredAnswers } from '../../platform/idempotency.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { eraseEhrLinkContacts } from '../integrations/index.js';
import { erasePediatricIntakeContacts } from '../pediatric-intake/index.js';
import { eraseQueueEntryContacts } from '../queue/index.js';

/** What a module's erasure of its copies answers: how many rows it changed, and their ids (for answers naming them). */
export interface ErasedCopies {
  rows: number;
  ids: string[];
}

/** Erases one module's copies of the given patients' data (`db/schema/person-data.ts`). */
export type CopyEraser = (ctx: Pick<TenantRouteContext, 'tx' | 'tenant'>, patientIds: string[]) => Promise<ErasedCopies>;

/**
 * The copies of a patient's data outside the chart, by table, each with the function of the
 * module owning the table that erases it: the list of `db/schema/person-data.ts` names the same
 * functions (tested), so a table added there and not here fails the tests.
 */
export const COPY_ERASERS: Record<string, CopyEraser> = {
  queue_entries: eraseQueueEntryContacts,
  pediatric_intakes: erasePediatricIntakeContacts,
  ehr_patient_links: eraseEhrLinkContacts,
};

/**
 * Erases every copy of the patients' data that other modules keep, then the stored answers to
 * submissions that name the patients or those copies (`platform/idempotency.ts`). Answers the
 * number of rows changed per table, for the audit row.
 */
export async function eraseCopies(ctx: Pick<TenantRouteContext, 'tx' | 'tenant'>, patientIds: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const named = [...patientIds];
  for (const [table, erase] of Object.entries(COPY_ERASERS)) {
    const erased = await erase(ctx, patientIds);
    counts[table] = erased.rows;
    named.push(...erased.ids);
  }
  counts.idempotency_keys = await forgetStoredAnswers(ctx.tx, ctx.tenant.organizationId, named);
  return counts;
}
