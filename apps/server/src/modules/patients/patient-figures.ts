import { and, count, eq, isNull } from 'drizzle-orm';
import { patients } from '../../db/schema/index.js';
import type { RouteTenant, TenantTx } from '../../platform/route/index.js';

/** Patients in the directory (not archived) of the request's clinic, or of the organization without one. */
export async function directoryCount(tx: TenantTx, tenant: Pick<RouteTenant, 'organizationId' | 'clinicId'>): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(patients)
    .where(
      and(
        eq(patients.organizationId, tenant.organizationId),
        tenant.clinicId ? eq(patients.clinicId, tenant.clinicId) : undefined,
        isNull(patients.archivedAt),
      ),
    );
  return row?.n ?? 0;
}
