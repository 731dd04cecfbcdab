import { hasRole, type Permission, type Permissions, type Role } from '@clinic/domain';
import type { Database, DbHandle } from '../db/client.js';
import { literal } from '../db/literal.js';
import { deferStatement } from '../db/tenant.js';

/** The NOTIFY channel every instance listens on. */
export const EVENTS_CHANNEL = 'events';

/** Who hears an event type: members holding a permission flag, or members of at least a role. */
type EventAudience = Permission | { role: Role };

/**
 * Who may hear each event type: the permission the routes that cause it require, or, for a
 * feature no permission covers, the least role they require (`{ role }`). Event ids name patients
 * and members, so a Viewer hears none of these. A type missing here reaches nobody; `publishEvent`
 * accepts only the types listed, so a new event cannot be sent before someone decides who may hear it.
 */
export const EVENT_PERMISSIONS = {
  // The staff queue routes (canManageQueue); kiosk check-ins feed the same queue.
  'queue.updated': 'canManageQueue',
  // The patient directory routes (canManagePatients).
  'patient.created': 'canManagePatients',
  'patient.updated': 'canManagePatients',
  'patient.discharged': 'canManagePatients',
  'patient.reactivated': 'canManagePatients',
  'patient.archived': 'canManagePatients',
  'patient.visit.created': 'canManagePatients',
  // Member changes (Admins change them; canManageUsers lists them).
  'member.updated': 'canManageUsers',
  // Visitor check-ins, check-outs and restrictions (the visitor console, canManageVisitors).
  'visitors.updated': 'canManageVisitors',
  // An ACTIVE security alert: a restricted visitor tried to check in (the entity is the watch-list entry).
  'visitors.security-alert': 'canManageVisitors',
  // The emergency room dashboard (canAccessEmergencyRoom): alerts raised (also by check-ins and
  // vitals), acknowledged and resolved; scorings stored; mass-casualty events; protocols; settings.
  'emergency.alert.updated': 'canAccessEmergencyRoom',
  'emergency.assessment.created': 'canAccessEmergencyRoom',
  'emergency.mass-casualty.updated': 'canAccessEmergencyRoom',
  'emergency.protocol.updated': 'canAccessEmergencyRoom',
  'emergency.facility.updated': 'canAccessEmergencyRoom',
  'emergency.patient-details.updated': 'canAccessEmergencyRoom',
  // Clinical trials, their enrolments and adverse events (the trial dashboard, canManageClinicalTrials);
  // a serious adverse event is also an alert of its own.
  'clinical-trials.updated': 'canManageClinicalTrials',
  'clinical-trials.safety-alert': 'canManageClinicalTrials',
  // A page sent, read, acknowledged, escalated, cancelled or expired (the paging routes: every role
  // but Viewer). The page's id only: each client reads what it may see through the routes.
  'paging.updated': { role: 'Staff' },
} as const satisfies Record<string, EventAudience>;
/** An event type someone may hear. */
export type EventType = keyof typeof EVENT_PERMISSIONS;

/** Whether a member with `role` and `permissions` may hear events of `type`; nobody hears an unknown type. */
export function mayHear(type: string, member: { role: string; permissions: Permissions }): boolean {
  if (!Object.hasOwn(EVENT_PERMISSIONS, type)) return false;
  const audience: EventAudience = EVENT_PERMISSIONS[type as EventType];
  return typeof audience === 'string' ? member.permissions[audience] === true : hasRole(member.role, audience.role);
}

/** A change other browsers of the same organization should hear about. */
export interface AppEvent {
  organizationId: string;
  clinicId?: string | null;
  /** e.g. "queue.updated", "member.updated"; as received it may be any text. */
  type: string;
  entityId?: string;
  at?: string;
}

/**
 * Emits an event inside the caller's transaction: PostgreSQL delivers it to every listening
 * instance only if the transaction commits. In a tenant transaction the `pg_notify` goes with the
 * COMMIT (`deferStatement`), costing no round trip of its own.
 */
export async function publishEvent(handle: DbHandle, event: AppEvent & { type: EventType }): Promise<void> {
  const payload = JSON.stringify({ ...event, at: event.at ?? new Date().toISOString() });
  await deferStatement(handle, `select pg_notify(${literal(EVENTS_CHANNEL)}, ${literal(payload)})`);
}

type Subscriber = (event: AppEvent) => void;

/** Fans the database's notifications out to this instance's subscribers, by organization. */
export class EventHub {
  private readonly byOrganization = new Map<string, Set<Subscriber>>();
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.stop = await this.database.listen(EVENTS_CHANNEL, (payload) => this.dispatch(payload));
  }

  private dispatch(payload: string): void {
    let event: AppEvent;
    try {
      event = JSON.parse(payload) as AppEvent;
    } catch {
      return;
    }
    if (typeof event.organizationId !== 'string') return;
    this.byOrganization.get(event.organizationId)?.forEach((s) => s(event));
  }

  /**
   * Calls `listener` when this instance hears the database again after its LISTEN connection was
   * lost: events published meanwhile never reached its subscribers. Returns the unsubscribe function.
   */
  onResumed(listener: () => void): () => void {
    return this.database.onListenResumed(listener);
  }

  /** Subscribes to one organization's events; returns the unsubscribe function. */
  subscribe(organizationId: string, subscriber: Subscriber): () => void {
    let set = this.byOrganization.get(organizationId);
    if (!set) {
      set = new Set();
      this.byOrganization.set(organizationId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.byOrganization.delete(organizationId);
    };
  }

  /** Subscribers (open event streams) on this instance, across organizations: a count, nothing else. */
  subscriberCount(): number {
    let n = 0;
    for (const set of this.byOrganization.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    await this.stop?.();
  }
}
