import { randomUUID } from 'node:crypto';
import { organizationTimeZone, ROLES, startOfLocalDay } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANIZATION_ID } from '../../db/seed/demo.js';
import { auditEventsOf, countRows, createOtherOrganization, json, rows, useTestApp } from '../../test/harness.js';
import { patientPayload } from '../../test/patient-payload.js';

/**
 * The organization's administration through the API: the overview counts what the organization
 * holds and nothing of another, the logs filter, page and export the audit trail, every read is
 * audited, and the refusals write nothing.
 */
// The living queue: people waiting and seen today, open emergency alerts and the day's pages.
const t = useTestApp({ as: 'admin', seed: { queue: true } });
const ORG = DEMO_ORGANIZATION_ID;
let other: Awaited<ReturnType<typeof createOtherOrganization>>;

const one = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number | string | null }>(t.database.db, query))[0].n ?? 0);

/** A failed sign-in row for `email` in `organizationId`, `minutesAgo` minutes ago, as the sign-in writes it. */
const failedSignIn = (organizationId: string, email: string, minutesAgo: number) =>
  t.database.db.execute(sql`insert into audit_events (id, organization_id, actor_user_id, action, entity_type, details, at)
    values (${randomUUID()}, ${organizationId}, null, 'auth.sign-in-failed', 'user',
            ${JSON.stringify({ email, code: 'auth/invalid-credential' })}::jsonb, now() - make_interval(mins => ${minutesAgo}))`);

/** Failures of `email` at each of `minutesAgo`. */
const failures = async (organizationId: string, email: string, minutesAgo: number[]) => {
  for (const m of minutesAgo) await failedSignIn(organizationId, email, m);
};

/** The overview's figures of the demo organization, counted straight from its tables. */
async function expectedOverview() {
  const [org] = await rows<{ settings: unknown }>(t.database.db, sql`select settings from organizations where id = ${ORG}`);
  const midnight = startOfLocalDay(organizationTimeZone(org.settings as never), new Date()).toISOString();
  const groups = await rows<{ role: string; status: string; n: number }>(
    t.database.db,
    sql`select role, status, count(*)::int as n from organization_members where organization_id = ${ORG} group by role, status`,
  );
  const byRole = Object.fromEntries(ROLES.map((r) => [r, groups.filter((g) => g.role === r).reduce((s, g) => s + g.n, 0)]));
  const byStatus: Record<string, number> = {};
  for (const g of groups) byStatus[g.status] = (byStatus[g.status] ?? 0) + g.n;
  return {
    members: { total: groups.reduce((s, g) => s + g.n, 0), byRole, byStatus },
    openInvitations: await one(
      sql`select count(*) as n from invitations where organization_id = ${ORG} and status = 'Pending' and expires_at > now()`,
    ),
    patients: await one(sql`select count(*) as n from patients where organization_id = ${ORG} and archived_at is null`),
    queueToday: {
      active: await one(sql`select count(*) as n from queue_entries where organization_id = ${ORG} and status in ('waiting', 'in-progress')`),
      completed: await one(
        sql`select count(*) as n from queue_entries where organization_id = ${ORG} and status = 'completed' and ended_at >= ${midnight}::timestamptz`,
      ),
      avgWaitMinutes: Math.round(
        await one(sql`select avg(extract(epoch from (started_at - created_at)) / 60) as n from queue_entries
                      where organization_id = ${ORG} and started_at >= ${midnight}::timestamptz`),
      ),
    },
    openAlerts: await one(sql`select count(*) as n from emergency_alerts where organization_id = ${ORG} and status <> 'RESOLVED'`),
    pagesToday: await one(sql`select count(*) as n from pages where organization_id = ${ORG} and created_at >= ${midnight}::timestamptz`),
    failedSignIns: await one(
      sql`select count(*) as n from audit_events where organization_id = ${ORG} and action = 'auth.sign-in-failed' and at >= now() - interval '24 hours'`,
    ),
    auditRows: await one(sql`select count(*) as n from audit_events where organization_id = ${ORG} and at >= now() - interval '24 hours'`),
  };
}

beforeAll(async () => {
  other = await createOtherOrganization(t.app, 'owner@admin-other.example');
  // The other organization's patient and a lock of its own: neither may reach the demo's figures.
  expect((await t.as(other.headers).post('/api/patients', patientPayload())).statusCode).toBe(201);
  await failures(other.organizationId, 'victim@admin-other.example', [1, 2, 3, 4, 5, 6]);
});

describe('GET /api/admin/overview', () => {
  it("counts the organization's members, invitations, patients, queue, alerts, pages and sign-in failures, and audits the read", async () => {
    expect((await t.get('/api/admin/overview')).statusCode).toBe(200);
    const before = json(await t.get('/api/admin/overview')).overview;
    // Five failures within 15 minutes lock an account; five spread over two hours, or two, do not; a lock of 30 hours ago is out of the window.
    await failures(ORG, 'locked@demo.clinic', [10, 8, 6, 4, 2]);
    await failures(ORG, 'slow@demo.clinic', [120, 90, 60, 30, 1]);
    await failures(ORG, 'typo@demo.clinic', [3, 2]);
    await failures(ORG, 'old@demo.clinic', [1800, 1799, 1798, 1797, 1796]);
    // Two invitations, one of them expired: only the other is open.
    for (const email of ['open@admin.example', 'expired@admin.example']) {
      expect((await t.post('/api/organizations/invite', { email, role: 'Nurse' })).statusCode).toBe(201);
    }
    await t.database.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where email = 'expired@admin.example'`);
    const expected = await expectedOverview();
    const auditedBefore = (await auditEventsOf(t.database.db, 'admin.overview-read')).length;
    const res = await t.get('/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const overview = json(res).overview;
    expect(overview.members).toEqual(expected.members);
    expect(overview.members.byRole.Owner).toBeGreaterThanOrEqual(1);
    expect(overview.openInvitations).toBe(expected.openInvitations);
    expect(overview.openInvitations).toBe(before.openInvitations + 1);
    expect(overview.patients).toBe(expected.patients);
    expect(overview.patients).toBeGreaterThan(0);
    expect(overview.queueToday).toEqual(expected.queueToday);
    // The seeded day is not empty, so the figures above are counts and not zeros that agree.
    expect(overview.queueToday.active).toBeGreaterThan(0);
    expect(overview.queueToday.completed).toBeGreaterThan(0);
    expect(overview.openAlerts).toBeGreaterThan(0);
    expect(overview.pagesToday).toBeGreaterThan(0);
    expect(overview.openAlerts).toBe(expected.openAlerts);
    expect(overview.pagesToday).toBe(expected.pagesToday);
    expect(overview.last24Hours).toEqual({
      failedSignIns: expected.failedSignIns,
      lockedAccounts: before.last24Hours.lockedAccounts + 1,
      auditRows: expected.auditRows,
    });
    expect(overview.last24Hours.failedSignIns).toBe(before.last24Hours.failedSignIns + 12);
    expect(Date.parse(overview.generatedAt)).toBeGreaterThan(Date.now() - 60_000);
    const audited = await auditEventsOf(t.database.db, 'admin.overview-read');
    expect(audited).toHaveLength(auditedBefore + 1);
    expect(audited.at(-1)).toMatchObject({ organization_id: ORG, entity_type: 'organization' });
  });

  it("another organization's overview holds only its own figures", async () => {
    const res = await t.as(other.headers).get('/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const overview = json(res).overview;
    expect(overview.members).toMatchObject({ total: 1, byStatus: { active: 1 } });
    expect(overview.members.byRole).toEqual({ Viewer: 0, Staff: 0, Nurse: 0, Doctor: 0, Manager: 0, Admin: 0, Owner: 1 });
    expect(overview).toMatchObject({ openInvitations: 0, patients: 1, openAlerts: 0, pagesToday: 0, queueToday: { active: 0, completed: 0 } });
    expect(overview.last24Hours).toMatchObject({ failedSignIns: 6, lockedAccounts: 1 });
  });

  it('answers 401 without a session and 403 to a Manager, writing no audit row; the Owner may read it', async () => {
    const audited = await countRows(t.database.db, 'audit_events', sql`action like 'admin.%'`);
    const anon = await t.anon.get('/api/admin/overview');
    expect(anon.statusCode).toBe(401);
    expect(json(anon).code).toBe('auth/required');
    expect((await t.as('manager').get('/api/admin/overview')).statusCode).toBe(403);
    expect((await t.as('manager').get('/api/admin/logs')).statusCode).toBe(403);
    expect((await t.anon.get('/api/admin/logs')).statusCode).toBe(401);
    expect(await countRows(t.database.db, 'audit_events', sql`action like 'admin.%'`)).toBe(audited);
    expect((await t.as('owner').get('/api/admin/overview')).statusCode).toBe(200);
  });
});

describe('GET /api/admin/logs', () => {
  it('filters by actor, action, entity and date, newest first, and pages', async () => {
    await failures(ORG, 'paging@demo.clinic', [5, 4, 3]);
    let body = json(await t.get('/api/admin/logs?action=auth.sign-in-failed&limit=2'));
    expect(body).toMatchObject({ success: true, page: 1, limit: 2 });
    expect(body.logs).toHaveLength(2);
    const total = await one(sql`select count(*) as n from audit_events where organization_id = ${ORG} and action = 'auth.sign-in-failed'`);
    expect(body.total).toBe(total);
    expect(body.logs.every((l: { action: string }) => l.action === 'auth.sign-in-failed')).toBe(true);
    expect(Date.parse(body.logs[0].at)).toBeGreaterThanOrEqual(Date.parse(body.logs[1].at));
    const page2 = json(await t.get('/api/admin/logs?action=auth.sign-in-failed&limit=2&page=2'));
    expect(page2.logs).toHaveLength(2);
    expect(page2.logs.map((l: { id: string }) => l.id)).not.toContain(body.logs[0].id);
    expect(Date.parse(page2.logs[0].at)).toBeLessThanOrEqual(Date.parse(body.logs[1].at));

    body = json(await t.get('/api/admin/logs?actor=admin@demo&limit=200'));
    expect(body.total).toBeGreaterThan(0);
    expect(new Set(body.logs.map((l: { actor: string }) => l.actor))).toEqual(new Set(['admin@demo.clinic']));

    body = json(await t.get('/api/admin/logs?action=admin.overview&entity=organization'));
    expect(body.total).toBeGreaterThan(0);
    expect(
      body.logs.every((l: { action: string; entityType: string }) => l.action === 'admin.overview-read' && l.entityType === 'organization'),
    ).toBe(true);

    expect(json(await t.get('/api/admin/logs?from=2000-01-01&to=2000-01-02')).total).toBe(0);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(json(await t.get(`/api/admin/logs?action=auth.sign-in-failed&from=${yesterday}&to=${tomorrow}`)).total).toBeGreaterThanOrEqual(3);
    expect(json(await t.get(`/api/admin/logs?action=auth.sign-in-failed&to=2000-01-01&from=`)).total).toBe(0);
  });

  it('exports every matching row as CSV, by format=csv or Accept: text/csv, header first', async () => {
    const matching = await one(sql`select count(*) as n from audit_events where organization_id = ${ORG} and action = 'auth.sign-in-failed'`);
    let res = await t.get('/api/admin/logs?format=csv&action=auth.sign-in-failed&limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-logs\.csv"/);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('time,actor,action,entity_type,entity_id,ip,details');
    expect(lines).toHaveLength(matching + 1);
    expect(lines.slice(1).every((l) => l.includes(',auth.sign-in-failed,'))).toBe(true);
    expect(res.body).toContain('locked@demo.clinic');

    res = await t.get('/api/admin/logs?action=auth.sign-in-failed', { headers: { accept: 'text/csv' } });
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.split('\r\n').filter(Boolean)).toHaveLength(matching + 1);
    // An explicit format=json wins over the Accept header.
    res = await t.get('/api/admin/logs?format=json&action=auth.sign-in-failed', { headers: { accept: 'text/csv' } });
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(json(res).total).toBe(matching);
  });

  it('audits each read and export, which the next read lists', async () => {
    const reads = (await auditEventsOf(t.database.db, 'admin.logs-read')).length;
    const exports = (await auditEventsOf(t.database.db, 'admin.logs-exported')).length;
    expect((await t.get('/api/admin/logs?action=patient.&limit=5')).statusCode).toBe(200);
    expect((await t.get('/api/admin/logs?format=csv&entity=patient')).statusCode).toBe(200);
    const read = await auditEventsOf(t.database.db, 'admin.logs-read');
    expect(read).toHaveLength(reads + 1);
    expect(read.at(-1)).toMatchObject({
      organization_id: ORG,
      entity_type: 'audit_trail',
      details: { filters: { action: 'patient.' }, page: 1, limit: 5 },
    });
    const exported = await auditEventsOf(t.database.db, 'admin.logs-exported');
    expect(exported).toHaveLength(exports + 1);
    expect(exported.at(-1)?.details).toMatchObject({ filters: { entity: 'patient' } });
    const listed = json(await t.get('/api/admin/logs?action=admin.logs-&limit=1')).logs[0];
    expect(listed).toMatchObject({ action: 'admin.logs-exported', actor: 'admin@demo.clinic', entityType: 'audit_trail' });
  });

  it("shows another organization none of this one's rows", async () => {
    const body = json(await t.as(other.headers).get('/api/admin/logs?action=auth.sign-in-failed&limit=200'));
    expect(body.total).toBe(6);
    expect(body.logs.every((l: { details: string }) => l.details.includes('victim@admin-other.example'))).toBe(true);
    const csv = (await t.as(other.headers).get('/api/admin/logs?format=csv')).body;
    expect(csv).not.toContain('demo.clinic');
  });

  it('answers 400 to a bad query and writes nothing', async () => {
    const audited = await countRows(t.database.db, 'audit_events', sql`action like 'admin.%'`);
    for (const query of ['format=xml', 'limit=0', 'limit=201', 'page=0', 'from=yesterday', `actor=${'a'.repeat(300)}`]) {
      const res = await t.get(`/api/admin/logs?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(json(res).success).toBe(false);
    }
    expect(await countRows(t.database.db, 'audit_events', sql`action like 'admin.%'`)).toBe(audited);
  });
});
