import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { organizationMembers } from '../../db/schema/index.js';
import { accountProfilesQuery } from '../../platform/accounts.js';
import { prepared, type TenantTx } from '../../platform/route/index.js';

/**
 * "First Last" (else the e-mail) of members of the organization, by user id or by member id: who
 * recorded, raised or was assigned what, as other modules show it.
 */
export async function memberNames(
  tx: TenantTx,
  organizationId: string,
  ids: Iterable<string | null | undefined>,
  by: 'user' | 'member' = 'user',
): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((v): v is string => !!v))];
  if (!wanted.length) return new Map();
  const key = by === 'user' ? organizationMembers.userId : organizationMembers.id;
  const u = accountProfilesQuery(tx).as('u');
  const rows = await tx
    .select({ key, firstName: u.firstName, lastName: u.lastName, email: u.email })
    .from(organizationMembers)
    .innerJoin(u, eq(u.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), inArray(key, wanted)));
  return new Map(rows.map((r) => [r.key, [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email]));
}

/** An active doctor of the organization: who, and when they were last active. */
export interface ActiveDoctor {
  userId: string;
  lastActiveAt: Date | null;
}

const activeDoctorsStatement = (tx: TenantTx) =>
  tx
    .select({ userId: organizationMembers.userId, lastActiveAt: organizationMembers.lastActiveAt })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, sql.placeholder('organizationId')),
        eq(organizationMembers.role, 'Doctor'),
        eq(organizationMembers.status, 'active'),
      ),
    );

/**
 * The organization's active members with the Doctor role (the queue's availability, the emergency
 * room's staffing): read by every waiting room, stats and public board, so built once per connection.
 */
export function activeDoctors(tx: TenantTx, organizationId: string): Promise<ActiveDoctor[]> {
  return prepared(tx, 'members_active_doctors', activeDoctorsStatement).execute({ organizationId });
}

/** How many active members the organization has, and how many of them confirmed a second factor. */
export async function activeMemberMfa(tx: TenantTx, organizationId: string): Promise<{ members: number; enrolled: number }> {
  const u = accountProfilesQuery(tx).as('u');
  const [row] = await tx
    .select({ members: count(), enrolled: sql<number>`count(${u.mfaEnabledAt})::int` })
    .from(organizationMembers)
    .innerJoin(u, eq(u.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.status, 'active')));
  return row;
}

/** Whether the member (by member id) is an active member of the organization: one a case can be assigned to. */
export async function isActiveMember(tx: TenantTx, organizationId: string, memberId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.id, memberId), eq(organizationMembers.status, 'active')),
    );
  return !!row;
}

/** The user ids of the organization's members with the Doctor role, whatever their status (whose care counts towards utilization). */
export async function doctorUserIds(tx: TenantTx, organizationId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 'Doctor')));
  return new Set(rows.map((r) => r.userId));
}
