import { and, count, eq, gte } from 'drizzle-orm';
import { pages } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/** Pages the organization sent since `since` (the organization's midnight for "today"), every clinic. */
export async function pagesSince(tx: TenantTx, organizationId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(pages)
    .where(and(eq(pages.organizationId, organizationId), gte(pages.createdAt, since)));
  return row?.n ?? 0;
}
