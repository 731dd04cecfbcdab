import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { connectPostgres } from '../../db/client.js';
import { DEMO_ORGANIZATION_ID } from '../../db/seed/demo.js';
import { auditEventsOf, createTwoInstances, json, memberIdOf, rows, signInAs, useTestApp, type TwoInstances } from '../../test/harness.js';
import { escalateDuePages, escalatePage } from './escalation.js';
import { allDayRota, demoMembers, pageTo } from './paging.fixtures.js';

/**
 * The escalation worker with a fixed clock: an unacknowledged page goes to the backup on call, then
 * to the Managers and Admins, then expires, one step (and one event per member reached) at a time,
 * however many workers run the step at once.
 */
const MINUTE = 60_000;
const eventsOf = (db: TwoInstances['test']['database']['db'], id: string) =>
  rows<{ type: string; member_id: string | null }>(
    db,
    sql`select type, member_id from page_events where page_id = ${id} order by at, type, member_id`,
  );
const pageRow = async (db: TwoInstances['test']['database']['db'], id: string) =>
  (await rows(db, sql`select status, escalation_level, reached, next_step_at, expired_at from pages where id = ${id}`))[0];

describe('escalateDuePages', () => {
  const t = useTestApp({ as: 'nurse', pagingEscalationMs: 0 });
  let m: Awaited<ReturnType<typeof demoMembers>>;
  beforeAll(async () => {
    m = await demoMembers(t);
    expect((await t.as('manager').put('/api/paging/on-call', allDayRota('Doctor', m.doctor, m.staff))).statusCode).toBe(200);
  });
  const step = (at: number) => escalateDuePages(t.appDatabase.db, new Date(at));

  it('does nothing before the timeout', async () => {
    const page = json(await t.post('/api/paging/page', { onCall: { role: 'Doctor' }, priority: 'emergency', message: 'Bay 3' })).page;
    expect(await step(Date.now() + 4 * MINUTE)).toEqual({ escalated: 0, expired: 0 });
    expect((await pageRow(t.database.db, page.id)).status).toBe('sent');
  });

  it('backup, then Managers and Admins, then expired: each step once, even with two workers at once', async () => {
    const page = json(await t.post('/api/paging/page', pageTo(m.doctor, { priority: 'emergency' }))).page;
    // The page of the first test is due too: both move at each step.
    const start = new Date(page.createdAt).getTime();

    const first = await Promise.all([step(start + 6 * MINUTE), step(start + 6 * MINUTE)]);
    expect(first[0].escalated + first[1].escalated).toBe(2);
    let row = await pageRow(t.database.db, page.id);
    expect(row).toMatchObject({ status: 'escalated', escalation_level: 1, reached: [m.doctor, m.staff] });
    expect(new Date(row.next_step_at).getTime()).toBe(start + 11 * MINUTE);

    const second = await Promise.all([step(start + 12 * MINUTE), step(start + 12 * MINUTE)]);
    expect(second[0].escalated + second[1].escalated).toBe(2);
    row = await pageRow(t.database.db, page.id);
    expect(row.escalation_level).toBe(2);
    expect([...row.reached].sort()).toEqual([m.doctor, m.staff, m.manager, m.admin].sort());

    const third = await Promise.all([step(start + 18 * MINUTE), step(start + 18 * MINUTE)]);
    expect(third[0].expired + third[1].expired).toBe(2);
    row = await pageRow(t.database.db, page.id);
    expect(row).toMatchObject({ status: 'expired', next_step_at: null });
    expect(await step(start + 60 * MINUTE)).toEqual({ escalated: 0, expired: 0 });

    const events = await eventsOf(t.database.db, page.id);
    expect(
      events
        .filter((e) => e.type === 'escalated')
        .map((e) => e.member_id)
        .sort(),
    ).toEqual([m.staff, m.manager, m.admin].sort());
    expect(events.filter((e) => e.type === 'expired')).toHaveLength(1);
    const audits = (await auditEventsOf(t.database.db, 'page.escalated')).filter((a) => a.entity_id === page.id);
    expect(audits.map((a) => a.details?.level)).toEqual([1, 2]);
    expect(audits.every((a) => a.actor_user_id === null && a.organization_id === DEMO_ORGANIZATION_ID)).toBe(true);
    expect((await auditEventsOf(t.database.db, 'page.expired')).filter((a) => a.entity_id === page.id)).toHaveLength(1);
  });

  it('a worker whose lookup is stale finds the step taken: nothing happens twice', async () => {
    const page = json(await t.post('/api/paging/page', pageTo(m.doctor, { priority: 'urgent' }))).page;
    const at = new Date(new Date(page.createdAt).getTime() + 16 * MINUTE);
    expect(await escalatePage(t.appDatabase.db, DEMO_ORGANIZATION_ID, page.id, at)).toBe('escalated');
    expect(await escalatePage(t.appDatabase.db, DEMO_ORGANIZATION_ID, page.id, at)).toBeNull();
    expect((await eventsOf(t.database.db, page.id)).filter((e) => e.type === 'escalated')).toHaveLength(1);
  });

  it.skipIf(!process.env.DATABASE_URL)('a page another worker holds locked is skipped, not waited for', async () => {
    const page = json(await t.post('/api/paging/page', pageTo(m.doctor, { priority: 'urgent' }))).page;
    const at = new Date(new Date(page.createdAt).getTime() + 16 * MINUTE);
    const skipped = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from pages where id = ${page.id} for update`);
      return escalatePage(t.appDatabase.db, DEMO_ORGANIZATION_ID, page.id, at);
    });
    expect(skipped).toBeNull();
    expect(await escalatePage(t.appDatabase.db, DEMO_ORGANIZATION_ID, page.id, at)).toBe('escalated');
  });

  it('whoever an escalation reached may acknowledge; an acknowledged page is never escalated', async () => {
    const page = json(await t.post('/api/paging/page', pageTo(m.doctor, { priority: 'routine' }))).page;
    const start = new Date(page.createdAt).getTime();
    await step(start + 61 * MINUTE);
    expect((await t.as('staff').post(`/api/paging/${page.id}/acknowledge`)).statusCode).toBe(200);
    await step(start + 200 * MINUTE);
    expect((await pageRow(t.database.db, page.id)).status).toBe('acknowledged');
    // The escalation ran on a clock ahead of the acknowledgement's: compare the steps, not their order.
    expect((await eventsOf(t.database.db, page.id)).map((e) => e.type).sort()).toEqual(['acknowledged', 'escalated', 'sent']);
  });

  it('a page to a member with no rota for their role goes straight to the Managers and Admins', async () => {
    const page = json(await t.post('/api/paging/page', pageTo(m.nurse, { priority: 'urgent' }))).page;
    await step(new Date(page.createdAt).getTime() + 16 * MINUTE);
    expect(await pageRow(t.database.db, page.id)).toMatchObject({ status: 'escalated', escalation_level: 2 });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two app instances running the step at the same moment', () => {
  let instances: TwoInstances;
  beforeAll(async () => {
    instances = await createTwoInstances();
  });
  afterAll(async () => {
    await instances?.close();
  });

  it('escalate each due page once between them', async () => {
    const { app1, test, second } = instances;
    const nurse = await signInAs(app1, 'nurse@demo.clinic');
    const doctor = await memberIdOf(test.database.db, DEMO_ORGANIZATION_ID, 'doctor@demo.clinic');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await app1.inject({
        method: 'POST',
        url: '/api/paging/page',
        headers: nurse,
        payload: pageTo(doctor, { priority: 'emergency' }),
      });
      ids.push(res.json().page.id);
    }
    const at = new Date(Date.now() + 6 * MINUTE);
    const [a, b] = await Promise.all([escalateDuePages(test.appDatabase.db, at), escalateDuePages(second.db, at)]);
    expect(a.escalated + b.escalated).toBe(5);
    for (const id of ids) {
      const events = await eventsOf(test.database.db, id);
      expect(
        events
          .filter((e) => e.type === 'escalated')
          .map((e) => e.member_id)
          .sort(),
      ).toEqual(
        [
          await memberIdOf(test.database.db, DEMO_ORGANIZATION_ID, 'manager@demo.clinic'),
          await memberIdOf(test.database.db, DEMO_ORGANIZATION_ID, 'admin@demo.clinic'),
        ].sort(),
      );
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a restart between the page and its timeout', () => {
  let instances: TwoInstances;
  beforeAll(async () => {
    instances = await createTwoInstances();
  });
  afterAll(async () => {
    await instances?.close();
  });

  it('the instance that comes up escalates the page once, while another instance runs the step too', async () => {
    const { test, second } = instances;
    // The instance that takes the page, then stops with its own connection.
    const stoppedDb = connectPostgres(test.appUrl!);
    const stopped = await buildApp({ database: stoppedDb, webDist: '/nonexistent', pagingEscalationMs: 0 });
    const doctor = await memberIdOf(test.database.db, DEMO_ORGANIZATION_ID, 'doctor@demo.clinic');
    const sent = await stopped.inject({
      method: 'POST',
      url: '/api/paging/page',
      headers: await signInAs(stopped, 'nurse@demo.clinic'),
      payload: pageTo(doctor, { priority: 'emergency' }),
    });
    expect(sent.statusCode).toBe(201);
    const id: string = sent.json().page.id;
    await stopped.close();
    await stoppedDb.close();
    // Its timeout passes while nothing runs; then an instance starts with its worker.
    await test.database.db.execute(sql`update pages set next_step_at = now() - interval '1 second' where id = ${id}`);
    const restartedDb = connectPostgres(test.appUrl!);
    const restarted = await buildApp({ database: restartedDb, webDist: '/nonexistent', pagingEscalationMs: 50 });
    try {
      const other = escalateDuePages(second.db);
      let status = 'sent';
      for (let i = 0; i < 100 && status === 'sent'; i += 1) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await pageRow(test.database.db, id)).status;
      }
      await other;
      expect(status).toBe('escalated');
      const escalated = (await eventsOf(test.database.db, id)).filter((e) => e.type === 'escalated');
      expect(escalated.map((e) => e.member_id).sort()).toEqual(
        [
          await memberIdOf(test.database.db, DEMO_ORGANIZATION_ID, 'manager@demo.clinic'),
          await memberIdOf(test.database.db, DEMO_ORGANIZATION_ID, 'admin@demo.clinic'),
        ].sort(),
      );
      // One step taken, once: with no backup on call it reached the Managers and Admins (level 2).
      expect((await pageRow(test.database.db, id)).escalation_level).toBe(2);
    } finally {
      await restarted.close();
      await restartedDb.close();
    }
  });
});

describe('the worker the app starts', () => {
  const t = useTestApp({ as: 'nurse', pagingEscalationMs: 50 });

  it('escalates a page that is due by itself, within a few intervals', async () => {
    const doctor = await memberIdOf(t.database.db, DEMO_ORGANIZATION_ID, 'doctor@demo.clinic');
    const page = json(await t.post('/api/paging/page', pageTo(doctor))).page;
    await t.database.db.execute(sql`update pages set next_step_at = now() - interval '1 second' where id = ${page.id}`);
    let status = 'sent';
    for (let i = 0; i < 100 && status === 'sent'; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await pageRow(t.database.db, page.id)).status;
    }
    expect(status).toBe('escalated');
  });
});
