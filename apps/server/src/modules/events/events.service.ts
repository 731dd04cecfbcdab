import { completePermissions, type Permissions } from '@clinic/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { organizationMembers, sessions, users } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

/** Who a staff stream was opened for. */
export interface StreamSubscriber {
  organizationId: string;
  memberId: string;
  sessionId: string;
}

/**
 * The flags an open stream's subscriber has now, or null when the stream must end: the session
 * was signed out or has expired, the account was disabled, or the membership is gone or inactive.
 */
export async function currentEntitlement(db: AppDb, subscriber: StreamSubscriber): Promise<Permissions | null> {
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, subscriber.sessionId), gt(sessions.expiresAt, new Date()), eq(users.status, 'active')))
    .limit(1);
  if (!session) return null;
  const [member] = await withTenant(db, subscriber.organizationId, (tx) =>
    tx
      .select({ status: organizationMembers.status, permissions: organizationMembers.permissions })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, subscriber.organizationId), eq(organizationMembers.id, subscriber.memberId)))
      .limit(1),
  );
  if (!member || member.status !== 'active') return null;
  return completePermissions(member.permissions as Record<string, unknown>);
}
