import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEventsOf, countRows, createOtherOrganization, json, memberIdOf, rows, useTestApp } from '../../test/harness.js';
import { patientPayload } from '../../test/patient-payload.js';
import { allDayRota, demoMembers, ORG, pageTo } from './paging.fixtures.js';

/** Paging through the API: sending, the recipients, the history, a page's timeline, the day's figures, and the refusals. */
const t = useTestApp({ as: 'nurse' });
let m: Awaited<ReturnType<typeof demoMembers>>;
let other: Awaited<ReturnType<typeof createOtherOrganization>> & { memberId: string };

beforeAll(async () => {
  m = await demoMembers(t);
  const created = await createOtherOrganization(t.app, 'owner@paging-other.example');
  other = { ...created, memberId: await memberIdOf(t.database.db, created.organizationId, 'owner@paging-other.example') };
});

describe('POST /api/paging/page', () => {
  it('pages a member: 201, sent, reached, due at the priority timeout, one sent event, audited', async () => {
    const before = Date.now();
    const res = await t.post('/api/paging/page', pageTo(m.doctor, { priority: 'emergency', callbackNumber: '4412' }));
    expect(res.statusCode).toBe(201);
    const page = json(res).page;
    expect(page).toMatchObject({ status: 'sent', priority: 'emergency', escalationLevel: 0, callbackNumber: '4412', automatic: false });
    expect(page.recipient).toMatchObject({ memberId: m.doctor, role: 'Doctor' });
    expect(page.sender).toMatchObject({ memberId: m.nurse, role: 'Nurse' });
    const [row] = await rows(t.database.db, sql`select reached, next_step_at from pages where id = ${page.id}`);
    expect(row.reached).toEqual([m.doctor]);
    const due = new Date(row.next_step_at).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    expect(await countRows(t.database.db, 'page_events', sql`page_id = ${page.id} and type = 'sent'`)).toBe(1);
    expect((await auditEventsOf(t.database.db, 'page.sent')).map((a) => a.entity_id)).toContain(page.id);
  });

  it('names the patient only for members with the patients permission', async () => {
    const patient = json(await t.as('doctor').post('/api/patients', patientPayload({ lastName: 'Pager' }))).patient;
    const byNurse = json(await t.post('/api/paging/page', pageTo(m.doctor, { patientId: patient.id }))).page;
    expect(byNurse.patient).toEqual({ id: patient.id, name: `${patient.firstName} Pager` });
    const byStaff = json(await t.as('staff').post('/api/paging/page', pageTo(m.doctor, { patientId: patient.id }))).page;
    expect(byStaff.patient).toEqual({ id: patient.id, name: null });
  });

  it("refuses another organization's member, patient, queue entry or alert: 404, nothing written", async () => {
    const patient = json(await t.as(other.headers).post('/api/patients', patientPayload({ lastName: 'Elsewhere' }))).patient;
    const before = await countRows(t.database.db, 'pages');
    for (const body of [
      pageTo(other.memberId),
      pageTo(m.doctor, { patientId: patient.id }),
      pageTo(m.doctor, { queueEntryId: 'no-such-entry' }),
      pageTo(m.doctor, { alertId: 'no-such-alert' }),
    ]) {
      expect((await t.post('/api/paging/page', body)).statusCode).toBe(404);
    }
    expect(await countRows(t.database.db, 'pages')).toBe(before);
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const before = await countRows(t.database.db, 'pages');
    const bad = [
      { priority: 'urgent', message: 'No recipient' },
      { recipientMemberId: m.doctor, onCall: { role: 'Doctor' }, priority: 'urgent', message: 'Both' },
      pageTo(m.doctor, { priority: 'whenever' }),
      pageTo(m.doctor, { message: '' }),
      pageTo(m.doctor, { message: 'x'.repeat(501) }),
      pageTo(m.viewer),
    ];
    for (const body of bad) expect((await t.post('/api/paging/page', body)).statusCode).toBe(400);
    expect(await countRows(t.database.db, 'pages')).toBe(before);
  });

  it('is refused signed out (401) and to a Viewer (403)', async () => {
    expect((await t.anon.post('/api/paging/page', pageTo(m.doctor))).statusCode).toBe(401);
    expect((await t.as('viewer').post('/api/paging/page', pageTo(m.doctor))).statusCode).toBe(403);
    expect((await t.as('viewer').get('/api/paging/history')).statusCode).toBe(403);
  });
});

describe('on call', () => {
  it('pages the primary on call for a role; nobody on call is a 409', async () => {
    expect((await t.post('/api/paging/page', { onCall: { role: 'Nurse' }, priority: 'routine', message: 'Anyone?' })).statusCode).toBe(409);
    expect((await t.as('manager').put('/api/paging/on-call', allDayRota('Doctor', m.doctor, m.admin))).statusCode).toBe(200);
    const res = await t.post('/api/paging/page', { onCall: { role: 'Doctor' }, priority: 'routine', message: 'Chart review' });
    expect(res.statusCode).toBe(201);
    expect(json(res).page).toMatchObject({ onCallRole: 'Doctor', recipient: { memberId: m.doctor } });
  });

  it('GET /api/paging/on-call shows each rota with who is on call now; recipients mark them', async () => {
    const rotas = json(await t.get('/api/paging/on-call')).rotas;
    expect(rotas).toHaveLength(1);
    expect(rotas[0].now).toMatchObject({ primary: { memberId: m.doctor, role: 'Doctor' }, backup: { memberId: m.admin } });
    const recipients = json(await t.get('/api/paging/recipients')).recipients as any[];
    expect(recipients.find((r) => r.memberId === m.doctor)).toMatchObject({ onCallNow: true, role: 'Doctor' });
    expect(recipients.find((r) => r.memberId === m.nurse)).toMatchObject({ onCallNow: false });
    expect(recipients.some((r) => r.memberId === m.viewer)).toBe(false);
  });

  it('PUT /api/paging/on-call: Managers and above; unknown members are a 400 naming the field; bad rotas 400', async () => {
    expect((await t.put('/api/paging/on-call', allDayRota('Nurse', m.nurse))).statusCode).toBe(403);
    const unknown = await t.as('manager').put('/api/paging/on-call', allDayRota('Nurse', m.nurse, other.memberId));
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).issues).toEqual([expect.objectContaining({ path: 'shifts.0.backupMemberId' })]);
    const sameBackup = await t.as('manager').put('/api/paging/on-call', allDayRota('Nurse', m.nurse, m.nurse));
    expect(sameBackup.statusCode).toBe(400);
    expect(await countRows(t.database.db, 'on_call_rotas', sql`role = 'Nurse'`)).toBe(0);
    expect((await auditEventsOf(t.database.db, 'paging.on-call.updated')).length).toBe(1);
  });
});

describe('history, detail and figures', () => {
  it('GET /api/paging/history: newest first, recipient=me, filters, total; audited', async () => {
    const res = await t.as('doctor').get('/api/paging/history?recipient=me&pageSize=2');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.pages).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.pages.every((p: any) => p.recipient.memberId === m.doctor)).toBe(true);
    expect(new Date(body.pages[0].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(body.pages[1].createdAt).getTime());
    expect(json(await t.get('/api/paging/history?recipient=me')).total).toBe(0);
    const emergency = json(await t.get('/api/paging/history?priority=emergency')).pages;
    expect(emergency.length).toBeGreaterThan(0);
    expect(emergency.every((p: any) => p.priority === 'emergency')).toBe(true);
    expect((await t.get('/api/paging/history?from=2026-02-10&to=2026-02-01')).statusCode).toBe(400);
    expect((await auditEventsOf(t.database.db, 'page.list')).length).toBeGreaterThan(0);
  });

  it('GET /api/paging/:id: the recipient reading it marks it delivered and read, once', async () => {
    const page = json(await t.post('/api/paging/page', pageTo(m.doctor))).page;
    const bySender = json(await t.get(`/api/paging/${page.id}`));
    expect(bySender.page.status).toBe('sent');
    const first = json(await t.as('doctor').get(`/api/paging/${page.id}`));
    expect(first.page.status).toBe('delivered');
    expect(first.page.deliveredAt).not.toBeNull();
    expect(first.events.map((e: any) => e.type)).toEqual(['sent', 'delivered', 'read']);
    expect(first.events[1]).toMatchObject({ channel: 'app', member: { memberId: m.doctor } });
    const again = json(await t.as('doctor').get(`/api/paging/${page.id}`));
    expect(again.events).toHaveLength(3);
    expect((await auditEventsOf(t.database.db, 'page.read')).filter((a) => a.entity_id === page.id)).toHaveLength(3);
  });

  it("another organization's page is a 404", async () => {
    const theirs = json(await t.as(other.headers).post('/api/paging/page', pageTo(other.memberId))).page;
    expect((await t.get(`/api/paging/${theirs.id}`)).statusCode).toBe(404);
    expect((await t.post(`/api/paging/${theirs.id}/cancel`, {})).statusCode).toBe(404);
  });

  it("GET /api/paging/stats/overview: the clinic's day", async () => {
    const res = await t.get('/api/paging/stats/overview');
    expect(res.statusCode).toBe(200);
    const { stats } = json(res);
    const sent = await countRows(t.database.db, 'pages', sql`organization_id = ${ORG}`);
    expect(stats.sentToday).toBe(sent);
    expect(stats.openNow).toBe(sent);
    expect(stats.byPriority.routine + stats.byPriority.urgent + stats.byPriority.emergency).toBe(sent);
    expect(stats).toMatchObject({ acknowledgedToday: 0, medianAcknowledgeSeconds: null, escalatedToday: 0 });
  });
});
