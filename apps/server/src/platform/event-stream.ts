import { completePermissions, type Permissions } from '@clinic/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../db/client.js';
import { organizationMembers, sessions, users } from '../db/schema/index.js';
import { admitOrganization } from './admission.js';
import type { AppEvent, EventHub } from './events.js';
import { resolvePublicClinic } from './public-clinic.js';
import { withTenant } from './tenant-tx.js';

/** Who a staff stream was opened for. */
export interface StreamSubscriber {
  organizationId: string;
  memberId: string;
  sessionId: string;
}

/**
 * What an event stream route needs of the database, without holding it: each call uses the
 * database only while it runs (a query, a short tenant transaction), so nothing stays open while
 * a stream does.
 */
export interface EventStreams {
  /** Hears one organization's events (this instance's LISTEN); returns the unsubscribe function. */
  subscribe(organizationId: string, listener: (event: AppEvent) => void): () => void;
  /** Calls `listener` when this instance's LISTEN is back after a loss (events were missed); returns the unsubscribe function. */
  onResumed(listener: () => void): () => void;
  /**
   * The role and flags an open stream's subscriber has now, or null when the stream must end: the session
   * was signed out or has expired, the account was disabled, or the membership is gone or inactive.
   */
  entitlement(subscriber: StreamSubscriber): Promise<StreamEntitlement | null>;
  /**
   * The organization and clinic a public stream names (`resolvePublicClinic`): an unknown or
   * inactive organization, or a clinic it does not have, is a 404; then the organization admits
   * the anonymous reader as it does any public caller (`admission.ts`).
   */
  publicClinic(organizationId: string, clinicId: string | undefined, caller: { ip: string }): Promise<{ organizationId: string; clinicId: string }>;
}

/** What decides which events a staff stream's subscriber hears (`mayHear`, `platform/events.ts`). */
export interface StreamEntitlement {
  role: string;
  permissions: Permissions;
}

async function currentEntitlement(db: AppDb, subscriber: StreamSubscriber): Promise<StreamEntitlement | null> {
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, subscriber.sessionId), gt(sessions.expiresAt, new Date()), eq(users.status, 'active')))
    .limit(1);
  if (!session) return null;
  const [member] = await withTenant(db, subscriber.organizationId, (tx) =>
    tx
      .select({ status: organizationMembers.status, role: organizationMembers.role, permissions: organizationMembers.permissions })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, subscriber.organizationId), eq(organizationMembers.id, subscriber.memberId)))
      .limit(1),
  );
  if (!member || member.status !== 'active') return null;
  return { role: member.role, permissions: completePermissions(member.permissions as Record<string, unknown>) };
}

const STREAMS = Symbol('event-stream.streams');

/** Gives the event stream routes {@link EventStreams}; registered by `app.ts` before any module. */
export const eventStreamPlugin = fp(
  async (app: FastifyInstance, opts: { db: AppDb; hub: EventHub }) => {
    const { db, hub } = opts;
    const streams: EventStreams = {
      subscribe: (organizationId, listener) => hub.subscribe(organizationId, listener),
      onResumed: (listener) => hub.onResumed(listener),
      entitlement: (subscriber) => currentEntitlement(db, subscriber),
      publicClinic: async (organizationId, clinicId, caller) => {
        const place = await withTenant(db, organizationId, (tx) => resolvePublicClinic(tx, organizationId, clinicId));
        admitOrganization(place.organization, { kind: 'public', ip: caller.ip }, { write: false });
        return { organizationId: place.organization.id, clinicId: place.clinicId };
      },
    };
    app.decorate(STREAMS, streams);
  },
  { name: 'event-stream' },
);

/** The app's {@link EventStreams}. */
export function eventStreamsOf(app: FastifyInstance): EventStreams {
  const streams = (app as unknown as Record<symbol, EventStreams | undefined>)[STREAMS];
  if (!streams) throw new Error('eventStreamPlugin must be registered before the event stream routes');
  return streams;
}
