import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME, type Database } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { publishEvent } from '../../platform/events.js';
import { PUBLIC_STREAMS_PER_ADDRESS, STREAMS_PER_SESSION } from './events.routes.js';
import {
  createOtherOrganization,
  createTestApp,
  createTwoInstances,
  memberIdOf,
  openEventStream,
  rows,
  signInAs,
  useTestApp,
  type EventStream,
  type ReceivedEvent,
  type TestDatabase,
  type TwoInstances,
} from '../../test/harness.js';

const isReady = (e: ReceivedEvent) => e.event === 'ready';
const isEvent = (type: string, entityId: string) => (e: ReceivedEvent) => e.event === type && e.data.entityId === entityId;

/** PATCHes a member through an instance's real HTTP port; the route publishes 'member.updated'. */
async function patchMember(baseUrl: string, headers: Record<string, string>, memberId: string, title: string) {
  const res = await fetch(`${baseUrl}/api/organizations/members/${memberId}`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('GET /api/events on one instance', () => {
  const t = useTestApp({ listen: true });
  const open = t.openEventStream;

  it('is 401 when signed out', async () => {
    const res = await t.get('/api/events');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'auth/required' });
    const stream = await open({});
    expect(stream.status).toBe(401);
  });

  it("opens a text/event-stream that first names the subscriber's organization", async () => {
    const stream = await open(await signInAs(t.app, 'viewer@demo.clinic'));
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const ready = await stream.next(isReady);
    expect(ready.data).toEqual({ organizationId: 'default-clinic' });
  });

  it('a member change reaches a subscriber of the same organization who manages users', async () => {
    const owner = await signInAs(t.app, 'owner@demo.clinic');
    const stream = await open(await signInAs(t.app, 'manager@demo.clinic'));
    await stream.next(isReady);
    const doctorId = await memberIdOf(t.database.db, 'default-clinic', 'doctor@demo.clinic');
    await patchMember(t.baseUrl, owner, doctorId, 'Head of Emergency');
    const event = await stream.next(isEvent('member.updated', doctorId));
    expect(event.data).toMatchObject({ organizationId: 'default-clinic', type: 'member.updated', entityId: doctorId });
    expect(Date.parse(event.data.at)).not.toBeNaN();
  });

  it('an event published in a transaction that rolls back is never delivered', async () => {
    const stream = await open(await signInAs(t.app, 'staff@demo.clinic'));
    await stream.next(isReady);
    await expect(
      withTenant(t.database.db, 'default-clinic', async (tx) => {
        await publishEvent(tx, { organizationId: 'default-clinic', type: 'queue.updated', entityId: 'rolled-back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await withTenant(t.database.db, 'default-clinic', (tx) =>
      publishEvent(tx, { organizationId: 'default-clinic', type: 'queue.updated', entityId: 'committed' }),
    );
    await stream.next(isEvent('queue.updated', 'committed'));
    expect(stream.received.filter((e) => e.data.entityId === 'rolled-back')).toEqual([]);
  });

  it("a subscriber of another organization never hears this one's events", async () => {
    const other = await createOtherOrganization(t.app, 'listener@other.org');
    const otherStream = await open(other.headers);
    expect((await otherStream.next(isReady)).data).toEqual({ organizationId: other.organizationId });
    const demoStream = await open(await signInAs(t.app, 'manager@demo.clinic'));
    await demoStream.next(isReady);

    await withTenant(t.database.db, 'default-clinic', (tx) =>
      publishEvent(tx, { organizationId: 'default-clinic', type: 'queue.updated', entityId: 'demo-only' }),
    );
    await withTenant(t.database.db, other.organizationId, (tx) =>
      publishEvent(tx, { organizationId: other.organizationId, type: 'queue.updated', entityId: 'other-only' }),
    );
    // Notifications arrive in commit order: once the later one is in, the earlier one would have been too.
    await otherStream.next(isEvent('queue.updated', 'other-only'));
    await demoStream.next(isEvent('queue.updated', 'demo-only'));
    expect(otherStream.received.map((e) => e.data.entityId ?? e.event)).toEqual(['ready', 'other-only']);
    expect(demoStream.received.some((e) => e.data.entityId === 'other-only')).toBe(false);
  });

  it("asking for another organization's events with ?organizationId is 403", async () => {
    const other = await createOtherOrganization(t.app, 'private@other.org');
    const stream = await open(await signInAs(t.app, 'owner@demo.clinic'), `?organizationId=${other.organizationId}`);
    expect(stream.status).toBe(403);
  });

  it('closing the app ends open streams instead of waiting for the subscribers to leave', async () => {
    const app = await createTestApp();
    const url = await app.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(url, await signInAs(app.app, 'owner@demo.clinic'));
    await stream.next(isReady);
    const closed = await Promise.race([
      app.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5000)),
    ]);
    stream.close();
    expect(closed).toBe('closed');
  });

  it('a subscriber that leaves is unsubscribed, and later events still reach the others', async () => {
    const leaving = await open(await signInAs(t.app, 'doctor@demo.clinic'));
    const staying = await open(await signInAs(t.app, 'doctor@demo.clinic'));
    await Promise.all([leaving.next(isReady), staying.next(isReady)]);
    leaving.close();
    await new Promise((r) => setTimeout(r, 50));
    await withTenant(t.database.db, 'default-clinic', (tx) =>
      publishEvent(tx, { organizationId: 'default-clinic', type: 'queue.updated', entityId: 'after-leave' }),
    );
    await staying.next(isEvent('queue.updated', 'after-leave'));
    expect(leaving.received.some((e) => e.data.entityId === 'after-leave')).toBe(false);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('GET /api/events across two instances on one PostgreSQL database', () => {
  let instances: TwoInstances;
  let test: TestDatabase;
  let second: Database;
  let app1: FastifyInstance;
  let app2: FastifyInstance;
  let url1: string;
  let url2: string;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    instances = await createTwoInstances();
    ({ test, second, app1, app2 } = instances);
    url1 = await app1.listen({ port: 0, host: '127.0.0.1' });
    url2 = await app2.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await instances?.close();
  });

  it('an event emitted through instance 1 reaches subscribers of its organization on instance 2, and never those of another organization', async () => {
    expect(url1).not.toBe(url2);
    // Sessions live in the database: a token from instance 1 works on instance 2.
    const owner = await signInAs(app1, 'owner@demo.clinic');
    const manager = await signInAs(app2, 'manager@demo.clinic');
    const other = await createOtherOrganization(app1, 'owner@elsewhere.org');
    const otherOwnerId = await memberIdOf(test.database.db, other.organizationId, 'owner@elsewhere.org');
    const doctorId = await memberIdOf(test.database.db, 'default-clinic', 'doctor@demo.clinic');

    const demoOn2 = await openEventStream(url2, manager);
    const otherOn2 = await openEventStream(url2, other.headers);
    const demoOn1 = await openEventStream(url1, owner);
    streams.push(demoOn2, otherOn2, demoOn1);
    expect([demoOn2.status, otherOn2.status, demoOn1.status]).toEqual([200, 200, 200]);
    await Promise.all([demoOn2.next(isReady), otherOn2.next(isReady), demoOn1.next(isReady)]);

    // 1. The demo organization's change, through instance 1.
    await patchMember(url1, owner, doctorId, 'Chief of Medicine');
    const onTwo = await demoOn2.next(isEvent('member.updated', doctorId));
    expect(onTwo.data).toMatchObject({ organizationId: 'default-clinic', type: 'member.updated', entityId: doctorId });
    await demoOn1.next(isEvent('member.updated', doctorId));

    // 2. The other organization's own change, also through instance 1: its subscriber on instance 2
    // gets exactly that one, and the demo change (committed earlier, so delivered earlier) never came.
    await patchMember(url1, other.headers, otherOwnerId, 'Founder');
    await otherOn2.next(isEvent('member.updated', otherOwnerId));
    expect(otherOn2.received.map((e) => [e.event, e.data.organizationId])).toEqual([
      ['ready', other.organizationId],
      ['member.updated', other.organizationId],
    ]);

    // 3. A later demo change as a marker: by the time it arrives, the other organization's would have.
    await patchMember(url1, owner, doctorId, 'Chief of Staff');
    await demoOn2.next((e) => e.event === 'member.updated' && demoOn2.received.filter((r) => r.event === 'member.updated').length === 2);
    expect(demoOn2.received.every((e) => e.data.organizationId === 'default-clinic')).toBe(true);
    expect(demoOn1.received.some((e) => e.data.organizationId === other.organizationId)).toBe(false);
  });

  it('an event published inside a tenant transaction on instance 2 reaches a subscriber on instance 1', async () => {
    const subscriber = await openEventStream(url1, await signInAs(app1, 'nurse@demo.clinic'));
    streams.push(subscriber);
    await subscriber.next(isReady);
    await withTenant(second.db, 'default-clinic', async (tx) => {
      await tx.execute(sql`select 1`);
      await publishEvent(tx, { organizationId: 'default-clinic', type: 'queue.updated', entityId: 'from-instance-2' });
    });
    const event = await subscriber.next(isEvent('queue.updated', 'from-instance-2'));
    expect(event.data.organizationId).toBe('default-clinic');
  });
  /** Opens `count` streams alternately on instance 1 and 2 with `headers`; all must open. */
  async function openOnBoth(count: number, headers: Record<string, string>, query = '') {
    const opened: EventStream[] = [];
    for (let i = 0; i < count; i++) opened.push(await openEventStream(i % 2 === 0 ? url1 : url2, headers, query));
    streams.push(...opened);
    expect(opened.map((s) => s.status)).toEqual(Array(count).fill(200));
    await Promise.all(opened.map((s) => s.next(isReady)));
    return opened;
  }
  /** Opens a stream on `url` until one is let in (a closed stream's slot is given back as it closes); returns the last status. */
  async function reopen(url: string, headers: Record<string, string>, query = '') {
    for (let i = 0; i < 50; i++) {
      const stream = await openEventStream(url, headers, query);
      streams.push(stream);
      if (stream.status === 200) return 200;
      await new Promise((r) => setTimeout(r, 20));
    }
    return 429;
  }

  it("counts one address's open public streams on both instances together; one closed on instance 1 frees its slot on instance 2", async () => {
    const board = '/public?organizationId=default-clinic';
    const opened = await openOnBoth(PUBLIC_STREAMS_PER_ADDRESS, {}, board);
    const [{ n }] = await rows<{ n: number }>(test.database.db, sql`select count(*)::int as n from rate_limits where key like 'public-streams:%'`);
    expect(n).toBe(PUBLIC_STREAMS_PER_ADDRESS);
    for (const url of [url1, url2]) {
      const refused = await openEventStream(url, {}, board);
      expect(refused.status).toBe(429);
    }
    opened[0].close();
    expect(await reopen(url2, {}, board)).toBe(200);
    expect((await openEventStream(url1, {}, board)).status).toBe(429);
    opened.forEach((s) => s.close());
  });

  it("counts one session's open streams on both instances together", async () => {
    const headers = await signInAs(app1, 'staff@demo.clinic');
    const opened = await openOnBoth(STREAMS_PER_SESSION, headers);
    expect((await openEventStream(url1, headers)).status).toBe(429);
    expect((await openEventStream(url2, headers)).status).toBe(429);
    opened[1].close();
    expect(await reopen(url1, headers)).toBe(200);
    opened.forEach((s) => s.close());
  });

  it('an instance whose LISTEN connection was cut listens again, and ends its streams so browsers reload what they missed', async () => {
    const nurse = await signInAs(app2, 'nurse@demo.clinic');
    const before = await openEventStream(url2, nurse);
    streams.push(before);
    await before.next(isReady);
    expect(second.status!().listen).toBe('listening');

    // Both instances' listeners, as a database restart or a network cut would end them.
    const cut = await test.database.db.execute(
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    expect(cut.rows.length).toBeGreaterThanOrEqual(2);

    // The open stream ends (with a reconnection hint), once the instance hears the database again.
    const ended = await Promise.race([before.done.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open after 10 s'), 10_000))]);
    expect(ended).toBe('ended');
    expect(second.status!().listen).toBe('listening');

    // Listening again: an event published through the other instance reaches a new stream here.
    const after = await openEventStream(url2, nurse);
    streams.push(after);
    await after.next(isReady);
    await withTenant(test.appDatabase.db, 'default-clinic', (tx) =>
      publishEvent(tx, { organizationId: 'default-clinic', type: 'queue.updated', entityId: 'after-the-cut' }),
    );
    await after.next(isEvent('queue.updated', 'after-the-cut'));
  });
});
