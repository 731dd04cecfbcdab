import { eq } from 'drizzle-orm';
import type { AccountDb } from '../../platform/route/index.js';
import { activeMembershipsQuery } from '../members/index.js';
import { organizationsQuery } from '../organizations/index.js';

/**
 * The settings of the user's active organizations, in one statement (the members and organizations
 * modules' selects joined): what binds the account in all of them, the strictest password policy
 * and a required second factor.
 */
export async function activeOrganizationSettings(db: AccountDb, userId: string): Promise<unknown[]> {
  const m = activeMembershipsQuery(db, userId).as('m');
  const o = organizationsQuery(db).as('o');
  const rows = await db.select({ settings: o.settings }).from(m).innerJoin(o, eq(o.id, m.organizationId));
  return rows.map((r) => r.settings);
}
