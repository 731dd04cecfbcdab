import { sql } from 'drizzle-orm';
import type { Database, DbHandle } from '../db/client.js';

/** The NOTIFY channel every instance listens on. */
export const EVENTS_CHANNEL = 'events';

/** A change other browsers of the same organization should hear about. */
export interface AppEvent {
  organizationId: string;
  clinicId?: string | null;
  /** e.g. "queue.updated", "member.updated". */
  type: string;
  entityId?: string;
  at?: string;
}

/**
 * Emits an event inside the caller's transaction: PostgreSQL delivers it to every listening
 * instance only if the transaction commits.
 */
export async function publishEvent(handle: DbHandle, event: AppEvent): Promise<void> {
  const payload = JSON.stringify({ ...event, at: event.at ?? new Date().toISOString() });
  await handle.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
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

  async close(): Promise<void> {
    await this.stop?.();
  }
}
