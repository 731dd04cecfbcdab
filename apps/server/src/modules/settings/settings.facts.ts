import { and, eq, inArray, sql } from 'drizzle-orm';
import { memberSettings } from '../../db/schema/index.js';
import type { RouteTenant, TenantTx } from '../../platform/route/index.js';
import { activeAdminUserIdsQuery } from '../members/index.js';

/**
 * The data retention (years) the organization's Admins and Owners set in their Security settings:
 * the shortest any of them saved, or null when none saved one (the SOC 2 privacy check).
 */
export async function memberRetentionYears({ tx, tenant }: { tx: TenantTx; tenant: RouteTenant }): Promise<number | null> {
  const [row] = await tx
    .select({ years: sql<number | null>`min((${memberSettings.settings} -> 'security' -> 'data' ->> 'dataRetention')::int)` })
    .from(memberSettings)
    .where(
      and(
        eq(memberSettings.organizationId, tenant.organizationId),
        inArray(memberSettings.userId, activeAdminUserIdsQuery(tx, tenant.organizationId)),
      ),
    );
  return row?.years ?? null;
}
