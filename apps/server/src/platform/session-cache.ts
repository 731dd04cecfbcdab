import type { Database } from '../db/client.js';

/** The channel on which the database announces changes of what access is judged from (migration 0037). */
export const ACCESS_CHANGED_CHANNEL = 'access_changed';

/** Entries kept at most; the oldest go first. */
const MAX_ENTRIES = 10_000;

/**
 * What this instance last read of a session's access (the session, its user, the membership it
 * asked for, the organization and its clinics), so that a request can skip reading it again.
 *
 * An entry is used only after a round trip on the LISTEN connection that was sent after the
 * request arrived ({@link confirm}, `Database.listenBarrier`): a change that committed before the
 * request (a sign-out, a revoked session, a disabled account, a role or plan change, on any
 * instance) has by then been announced (`notify_access_changed`) and its entries dropped, so the
 * request sees what a read of the database would have shown. Without a live LISTEN connection
 * nothing is used, and everything is dropped when it is back (notifications sent meanwhile were
 * missed). A read that was out while a change was announced is not kept ({@link version}).
 */
export class SessionCache<Row> {
  private readonly entries = new Map<string, { row: Row; userId: string }>();
  private readonly keysOfUser = new Map<string, Set<string>>();
  /** Moves on with every announcement: a read started before it may be stale. */
  private generation = 0;

  private constructor(private readonly barrier: () => Promise<boolean>) {}

  /**
   * A cache of `database`'s session reads, listening to its announcements; null when the database
   * cannot confirm an entry (the embedded one, whose single connection makes a read cheap anyway).
   */
  static async start<Row>(database: Database): Promise<{ cache: SessionCache<Row>; stop: () => Promise<void> } | null> {
    const barrier = database.listenBarrier?.bind(database);
    if (!barrier) return null;
    const cache = new SessionCache<Row>(barrier);
    const unlisten = await database.listen(ACCESS_CHANGED_CHANNEL, (payload) => cache.announced(payload));
    const unresumed = database.onListenResumed(() => cache.announced('*'));
    return {
      cache,
      stop: async () => {
        unresumed();
        await unlisten();
        cache.announced('*');
      },
    };
  }

  /** The version to pass {@link remember} with a row read from the database from now on. */
  version(): number {
    return this.generation;
  }

  /** The row kept under `key`, not yet confirmed ({@link confirm}). */
  get(key: string): Row | undefined {
    return this.entries.get(key)?.row;
  }

  /**
   * Whether `row`, kept under `key`, still holds for a request that arrived before this call: true
   * once a round trip on the LISTEN connection sent after the call has come back with no
   * announcement that dropped it.
   */
  async confirm(key: string, row: Row): Promise<boolean> {
    if (!(await this.barrier())) return false;
    return this.entries.get(key)?.row === row;
  }

  /** Keeps `row` (of user `userId`) under `key`, unless something was announced since `version`. */
  remember(key: string, userId: string, row: Row, version: number): void {
    if (version !== this.generation) return;
    this.forget(key);
    if (this.entries.size >= MAX_ENTRIES) this.forget(this.entries.keys().next().value!);
    this.entries.set(key, { row, userId });
    let keys = this.keysOfUser.get(userId);
    if (!keys) this.keysOfUser.set(userId, (keys = new Set()));
    keys.add(key);
  }

  /** Entries kept now (for tests and operations). */
  size(): number {
    return this.entries.size;
  }

  /** An announcement: `u:<user id>` drops that user's entries, anything else every entry. */
  private announced(payload: string): void {
    this.generation += 1;
    if (payload.startsWith('u:')) {
      for (const key of this.keysOfUser.get(payload.slice(2)) ?? []) this.forget(key);
    } else {
      this.entries.clear();
      this.keysOfUser.clear();
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysOfUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOfUser.delete(entry.userId);
  }
}
