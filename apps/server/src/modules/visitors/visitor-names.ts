import { and, eq, inArray } from 'drizzle-orm';
import { visitors } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/** "First Last" of visitors of the organization, by visit id (the activity list names them). */
export async function visitorNames(tx: TenantTx, organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: visitors.id, firstName: visitors.firstName, lastName: visitors.lastName })
    .from(visitors)
    .where(and(eq(visitors.organizationId, organizationId), inArray(visitors.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
}
