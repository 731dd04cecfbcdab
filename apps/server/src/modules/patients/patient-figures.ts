import { and, eq, sql } from 'drizzle-orm';
import { patientCounts } from '../../db/schema/index.js';
import type { RouteTenant, TenantTx } from '../../platform/route/index.js';

/**
 * Patients in the directory (not archived) of the request's clinic, or of the organization without
 * one: the sum of the counts the triggers keep (a few rows), not a count of the directory, which
 * the dashboard asks for on every poll.
 */
export async function directoryCount(tx: TenantTx, tenant: Pick<RouteTenant, 'organizationId' | 'clinicId'>): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${patientCounts.n}), 0)::int` })
    .from(patientCounts)
    .where(and(eq(patientCounts.organizationId, tenant.organizationId), tenant.clinicId ? eq(patientCounts.clinicId, tenant.clinicId) : undefined));
  return row?.n ?? 0;
}
