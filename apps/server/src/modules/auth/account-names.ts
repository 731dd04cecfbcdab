import { inArray } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/**
 * Display names of accounts by user id ("First Last", else the e-mail), whether or not they are
 * still members: who recorded or closed a record kept after they left.
 */
export async function accountNames(tx: TenantTx, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email]));
}
