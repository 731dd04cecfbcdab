import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { organizationMembers } from '../../db/schema/index.js';
import { accountProfilesQuery } from '../../platform/accounts.js';
import type { TenantTx } from '../../platform/route/index.js';

/** An active member as paging shows and reaches them. */
export interface PageableMember {
  memberId: string;
  userId: string;
  role: string;
  department: string | null;
  /** "First Last", else the e-mail. */
  name: string;
  status: string;
}

/**
 * The organization's active members (all of them, or those of `memberIds`; `roles` narrows them):
 * who may be paged, put on a rota, or reached by an escalation. With `anyStatus`, inactive members
 * too (who a page's history names). Ordered by name.
 */
export async function pageableMembers(
  tx: TenantTx,
  organizationId: string,
  filter: { memberIds?: readonly string[]; roles?: readonly string[]; anyStatus?: boolean } = {},
): Promise<PageableMember[]> {
  const conditions: SQL[] = [eq(organizationMembers.organizationId, organizationId)];
  if (!filter.anyStatus) conditions.push(eq(organizationMembers.status, 'active'));
  if (filter.memberIds) {
    if (!filter.memberIds.length) return [];
    conditions.push(inArray(organizationMembers.id, [...new Set(filter.memberIds)]));
  }
  if (filter.roles) conditions.push(inArray(organizationMembers.role, [...filter.roles]));
  const u = accountProfilesQuery(tx).as('u');
  const rows = await tx
    .select({
      memberId: organizationMembers.id,
      userId: organizationMembers.userId,
      role: organizationMembers.role,
      department: organizationMembers.department,
      status: organizationMembers.status,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
    })
    .from(organizationMembers)
    .innerJoin(u, eq(u.id, organizationMembers.userId))
    .where(and(...conditions))
    .orderBy(asc(u.firstName), asc(u.lastName), asc(organizationMembers.id));
  return rows.map(({ firstName, lastName, email, ...member }) => ({ ...member, name: [firstName, lastName].filter(Boolean).join(' ') || email }));
}
