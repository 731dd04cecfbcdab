import { and, count, eq, ne } from 'drizzle-orm';
import { emergencyAlerts } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/** The organization's emergency alerts not resolved yet (active or acknowledged), every clinic. */
export async function openAlertCount(tx: TenantTx, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(emergencyAlerts)
    .where(and(eq(emergencyAlerts.organizationId, organizationId), ne(emergencyAlerts.status, 'RESOLVED')));
  return row?.n ?? 0;
}
