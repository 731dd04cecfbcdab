import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { intakeTokens, pediatricIntakes } from '../../db/schema/index.js';
import { erasedJsonPaths } from '../../db/schema/person-data.js';
import type { TenantRouteContext } from '../../platform/route/index.js';

/**
 * Removes from the intake records of erased patients the fields that reach the child or the
 * guardian (phones, e-mails, address, the guardian's names: the fields `db/schema/person-data.ts`
 * lists for `pediatric_intakes.record`); the child's name, history and answers stay as the medical
 * record. Any intake token still running is ended: nobody may act on the chart from the intake
 * any more. Answers the intakes' ids, so that the stored answers naming them are erased too.
 */
export async function erasePediatricIntakeContacts(
  { tx, tenant }: Pick<TenantRouteContext, 'tx' | 'tenant'>,
  patientIds: string[],
): Promise<{ rows: number; ids: string[] }> {
  if (patientIds.length === 0) return { rows: 0, ids: [] };
  const record = erasedJsonPaths('pediatric_intakes', 'record').reduce<SQL>(
    (json, path) => sql`(${json} #- ${sql.param(path)}::text[])`,
    sql`${pediatricIntakes.record}`,
  );
  const erased = await tx
    .update(pediatricIntakes)
    .set({ record })
    .where(and(eq(pediatricIntakes.organizationId, tenant.organizationId), inArray(pediatricIntakes.patientId, patientIds)))
    .returning({ id: pediatricIntakes.id });
  await tx
    .update(intakeTokens)
    .set({ expiresAt: sql`least(${intakeTokens.expiresAt}, now())` })
    .where(and(eq(intakeTokens.organizationId, tenant.organizationId), inArray(intakeTokens.patientId, patientIds)));
  return { rows: erased.length, ids: erased.map((e) => e.id) };
}
