import { describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.js';
import { publishEvent, type EventType } from '../../platform/events.js';
import { memberIdOf, signInAs, useTestApp, type ReceivedEvent } from '../../test/harness.js';

const isReady = (e: ReceivedEvent) => e.event === 'ready';
const isEvent = (type: string, entityId: string) => (e: ReceivedEvent) => e.event === type && e.data.entityId === entityId;
/** Long enough for a notification that was going to arrive to have arrived. */
const settle = () => new Promise((r) => setTimeout(r, 300));

const t = useTestApp({ listen: true });
const open = t.openEventStream;
/** Publishes `type`, listed or not: a type no permission covers may still come from another instance's version. */
const publish = (type: string, entityId: string) =>
  withTenant(t.database.db, 'default-clinic', (tx) => publishEvent(tx, { organizationId: 'default-clinic', type: type as EventType, entityId }));

describe('GET /api/events sends each event only to members whose permissions cover it', () => {
  it("a Viewer's stream does not receive a queue event that a Nurse's stream receives", async () => {
    const viewer = await open(await signInAs(t.app, 'viewer@demo.clinic'));
    const nurse = await open(await signInAs(t.app, 'nurse@demo.clinic'));
    await Promise.all([viewer.next(isReady), nurse.next(isReady)]);
    await publish('queue.updated', 'queue-entry-1');
    await nurse.next(isEvent('queue.updated', 'queue-entry-1'));
    await settle();
    expect(viewer.received.map((e) => e.event)).toEqual(['ready']);
  });

  it('paging events, which no permission covers, reach every member of at least Staff, and no Viewer', async () => {
    const viewer = await open(await signInAs(t.app, 'viewer@demo.clinic'));
    const staff = await open(await signInAs(t.app, 'staff@demo.clinic'));
    await Promise.all([viewer.next(isReady), staff.next(isReady)]);
    await publish('paging.updated', 'page-1');
    await staff.next(isEvent('paging.updated', 'page-1'));
    await settle();
    expect(viewer.received.map((e) => e.event)).toEqual(['ready']);
  });

  it('patient events reach members who manage patients only; member changes reach those who manage users only', async () => {
    const staff = await open(await signInAs(t.app, 'staff@demo.clinic'));
    const nurse = await open(await signInAs(t.app, 'nurse@demo.clinic'));
    const manager = await open(await signInAs(t.app, 'manager@demo.clinic'));
    await Promise.all([staff.next(isReady), nurse.next(isReady), manager.next(isReady)]);
    await publish('patient.created', 'patient-1');
    await publish('member.updated', 'member-1');
    await manager.next(isEvent('member.updated', 'member-1'));
    await nurse.next(isEvent('patient.created', 'patient-1'));
    await settle();
    expect(staff.received.map((e) => e.event)).toEqual(['ready']);
    expect(nurse.received.map((e) => e.event)).toEqual(['ready', 'patient.created']);
    expect(manager.received.map((e) => e.event)).toEqual(['ready', 'patient.created', 'member.updated']);
  });

  it('an event type that no permission covers reaches nobody, not even the Owner', async () => {
    const owner = await open(await signInAs(t.app, 'owner@demo.clinic'));
    await owner.next(isReady);
    await publish('billing.secret', 'invoice-1');
    await publish('queue.updated', 'marker-after-secret');
    await owner.next(isEvent('queue.updated', 'marker-after-secret'));
    expect(owner.received.some((e) => e.event === 'billing.secret')).toBe(false);
  });

  it('a member who is disabled has their open stream ended', async () => {
    const doctor = await open(await signInAs(t.app, 'doctor@demo.clinic'));
    await doctor.next(isReady);
    const doctorId = await memberIdOf(t.database.db, 'default-clinic', 'doctor@demo.clinic');
    const res = await t.as('admin').patch(`/api/organizations/members/${doctorId}`, { status: 'disabled' });
    expect(res.statusCode).toBe(200);
    const ended = await Promise.race([doctor.done.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open after 5 s'), 5000))]);
    expect(ended).toBe('ended');
  });
});

describe('caps on open streams', () => {
  it('the 11th open stream of one session is refused with 429; closing one frees a slot', async () => {
    const headers = await signInAs(t.app, 'staff@demo.clinic');
    const ten = await Promise.all(Array.from({ length: 10 }, () => open(headers)));
    expect(ten.map((s) => s.status)).toEqual(Array(10).fill(200));
    await Promise.all(ten.map((s) => s.next(isReady)));
    const eleventh = await open(headers);
    expect(eleventh.status).toBe(429);
    // Another session of the same person has its own allowance.
    expect((await open(await signInAs(t.app, 'staff@demo.clinic'))).status).toBe(200);

    ten[0].close();
    let reopened = 0;
    for (let i = 0; i < 50 && reopened !== 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const stream = await open(headers);
      reopened = stream.status;
      if (stream.status !== 200) stream.close();
    }
    expect(reopened).toBe(200);
  });

  it('one address holds at most 20 public streams open at once; the 21st is 429 until one closes', async () => {
    const path = '/public?organizationId=default-clinic';
    const twenty = await Promise.all(Array.from({ length: 20 }, () => open({}, path)));
    expect(twenty.map((s) => s.status)).toEqual(Array(20).fill(200));
    await Promise.all(twenty.map((s) => s.next(isReady)));
    expect((await open({}, path)).status).toBe(429);

    twenty[0].close();
    let reopened = 0;
    for (let i = 0; i < 50 && reopened !== 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const stream = await open({}, path);
      reopened = stream.status;
    }
    expect(reopened).toBe(200);
  });
});
