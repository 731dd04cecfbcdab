import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ehrPatientLinks } from '../../db/schema/index.js';
import { erasedJsonPaths } from '../../db/schema/person-data.js';
import type { TenantRouteContext } from '../../platform/route/index.js';

/**
 * Removes from the EHR links of erased patients the contact values the last sync brought (the
 * fields `db/schema/person-data.ts` lists for `ehr_patient_links.synced`) and the EHR's
 * identifiers (which may be national ids). The link itself (EHR address and Patient id) stays, so
 * that a later sync recognises the Patient and leaves the restricted chart alone.
 */
export async function eraseEhrLinkContacts(
  { tx, tenant }: Pick<TenantRouteContext, 'tx' | 'tenant'>,
  patientIds: string[],
): Promise<{ rows: number; ids: string[] }> {
  if (patientIds.length === 0) return { rows: 0, ids: [] };
  const synced = erasedJsonPaths('ehr_patient_links', 'synced').reduce<SQL>(
    (json, path) => sql`(${json} #- ${sql.param(path)}::text[])`,
    sql`${ehrPatientLinks.synced}`,
  );
  const erased = await tx
    .update(ehrPatientLinks)
    .set({ synced, identifiers: [] })
    .where(and(eq(ehrPatientLinks.organizationId, tenant.organizationId), inArray(ehrPatientLinks.patientId, patientIds)))
    .returning({ externalId: ehrPatientLinks.externalId });
  // A link has no id of its own that a stored answer could name.
  return { rows: erased.length, ids: [] };
}
