import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEventsOf, countRows, json, rows, useTestApp } from '../../test/harness.js';
import { demoMembers, pageTo } from './paging.fixtures.js';

/** Acknowledging and cancelling a page: who may, when, and what each leaves behind. */
const t = useTestApp({ as: 'nurse' });
let m: Awaited<ReturnType<typeof demoMembers>>;
beforeAll(async () => {
  m = await demoMembers(t);
});
const send = async (to: string, as: 'nurse' | 'staff' = 'nurse') => json(await t.as(as).post('/api/paging/page', pageTo(to))).page;
const nextStepOf = async (id: string) => (await rows(t.database.db, sql`select next_step_at from pages where id = ${id}`))[0].next_step_at;

describe('POST /api/paging/:id/acknowledge', () => {
  it('the member it reached acknowledges it: closed, no next step, an event, audited', async () => {
    const page = await send(m.doctor);
    const res = await t.as('doctor').post(`/api/paging/${page.id}/acknowledge`);
    expect(res.statusCode).toBe(200);
    expect(json(res).page).toMatchObject({ status: 'acknowledged', acknowledgedBy: { memberId: m.doctor } });
    expect(json(res).page.acknowledgedAt).not.toBeNull();
    expect(await nextStepOf(page.id)).toBeNull();
    expect(await countRows(t.database.db, 'page_events', sql`page_id = ${page.id} and type = 'acknowledged'`)).toBe(1);
    expect((await auditEventsOf(t.database.db, 'page.acknowledged')).map((a) => a.entity_id)).toContain(page.id);
    const again = await t.as('doctor').post(`/api/paging/${page.id}/acknowledge`);
    expect(again.statusCode).toBe(409);
  });

  it('anyone it did not reach is refused with 403, the sender too, and nothing changes', async () => {
    const page = await send(m.doctor);
    expect((await t.post(`/api/paging/${page.id}/acknowledge`)).statusCode).toBe(403);
    expect((await t.as('admin').post(`/api/paging/${page.id}/acknowledge`)).statusCode).toBe(403);
    expect((await t.as('viewer').post(`/api/paging/${page.id}/acknowledge`)).statusCode).toBe(403);
    expect(await nextStepOf(page.id)).not.toBeNull();
    expect(await countRows(t.database.db, 'page_events', sql`page_id = ${page.id}`)).toBe(1);
  });

  it('an unknown page is a 404', async () => {
    expect((await t.post('/api/paging/no-such-page-0000/acknowledge')).statusCode).toBe(404);
  });
});

describe('POST /api/paging/:id/cancel', () => {
  it('the sender cancels it with a reason: closed, no next step, an event with the reason, audited', async () => {
    const page = await send(m.doctor);
    const res = await t.post(`/api/paging/${page.id}/cancel`, { reason: 'Sorted out' });
    expect(res.statusCode).toBe(200);
    expect(json(res).page).toMatchObject({ status: 'cancelled', cancelReason: 'Sorted out' });
    expect(await nextStepOf(page.id)).toBeNull();
    const [event] = await rows(t.database.db, sql`select member_id, detail from page_events where page_id = ${page.id} and type = 'cancelled'`);
    expect(event).toEqual({ member_id: m.nurse, detail: 'Sorted out' });
    expect((await auditEventsOf(t.database.db, 'page.cancelled')).map((a) => a.entity_id)).toContain(page.id);
    expect((await t.as('doctor').post(`/api/paging/${page.id}/acknowledge`)).statusCode).toBe(409);
    expect((await t.post(`/api/paging/${page.id}/cancel`, {})).statusCode).toBe(409);
  });

  it('an Admin or the Owner may cancel anyone’s page; the recipient or a Manager may not', async () => {
    const forAdmin = await send(m.doctor, 'staff');
    expect((await t.as('doctor').post(`/api/paging/${forAdmin.id}/cancel`, {})).statusCode).toBe(403);
    expect((await t.as('manager').post(`/api/paging/${forAdmin.id}/cancel`, {})).statusCode).toBe(403);
    expect((await t.as('admin').post(`/api/paging/${forAdmin.id}/cancel`, {})).statusCode).toBe(200);
    const forOwner = await send(m.doctor, 'staff');
    expect((await t.as('owner').post(`/api/paging/${forOwner.id}/cancel`, {})).statusCode).toBe(200);
  });

  it('a bad body is a 400 and changes nothing', async () => {
    const page = await send(m.doctor);
    expect((await t.post(`/api/paging/${page.id}/cancel`, { reason: 'x'.repeat(201) })).statusCode).toBe(400);
    expect(await nextStepOf(page.id)).not.toBeNull();
  });
});

describe('GET /api/paging/stats/overview after answers', () => {
  it('counts the acknowledged pages and their median time', async () => {
    const { stats } = json(await t.get('/api/paging/stats/overview'));
    expect(stats.acknowledgedToday).toBe(1);
    expect(stats.medianAcknowledgeSeconds).toBeGreaterThanOrEqual(0);
    expect(stats.openNow).toBe(await countRows(t.database.db, 'pages', sql`status in ('sent', 'delivered', 'escalated')`));
  });
});

describe('GET /api/paging/history?open=', () => {
  it('open=true lists only the pages still waiting for the member, and its total falls when one is acknowledged', async () => {
    await send(m.doctor);
    await send(m.nurse, 'staff');
    const inDb = () => countRows(t.database.db, 'pages', sql`${m.doctor} = any(reached) and status in ('sent', 'delivered', 'escalated')`);
    const res = await t.as('doctor').get('/api/paging/history?recipient=me&open=true&pageSize=100');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.total).toBe(await inDb());
    expect(body.total).toBeGreaterThan(0);
    expect(body.pages).toHaveLength(body.total);
    expect(body.pages.every((p: any) => p.recipient.memberId === m.doctor && ['sent', 'delivered', 'escalated'].includes(p.status))).toBe(true);
    const closed = json(await t.as('doctor').get('/api/paging/history?recipient=me&open=false&pageSize=100')).pages as any[];
    expect(closed.map((p) => p.status).sort()).toEqual(['acknowledged', 'cancelled', 'cancelled', 'cancelled']);
    expect((await t.as('doctor').post(`/api/paging/${body.pages[0].id}/acknowledge`)).statusCode).toBe(200);
    expect(json(await t.as('doctor').get('/api/paging/history?recipient=me&open=true')).total).toBe(body.total - 1);
  });

  it('a bad open value is a 400', async () => {
    for (const value of ['yes', '1', '']) {
      const res = await t.as('doctor').get(`/api/paging/history?recipient=me&open=${value}`);
      expect(res.statusCode).toBe(400);
    }
  });
});
