import { and, eq } from 'drizzle-orm';
import { emergencyAlerts } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/** Whether the emergency alert is the organization's (resolved ones too: a page may name any). */
export async function emergencyAlertExists(tx: TenantTx, organizationId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: emergencyAlerts.id })
    .from(emergencyAlerts)
    .where(and(eq(emergencyAlerts.organizationId, organizationId), eq(emergencyAlerts.id, id)));
  return !!row;
}
