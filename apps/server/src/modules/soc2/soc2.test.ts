import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RequestWindow, requestWindowOf } from '../../platform/request-window.js';
import { auditEventsOf, createOtherOrganization, json, signInAs, useTestApp } from '../../test/harness.js';

/**
 * The SOC 2 dashboard against the live system: each check flips when its condition changes in the
 * database or the deployment, the recent events come from the organization's audit log, and the
 * report and the audit trail (filters, pages, CSV) are themselves audited.
 */
const t = useTestApp({ as: 'admin' });
const ORG = 'default-clinic';

const dashboard = async () => {
  const res = await t.get('/api/soc2/dashboard');
  expect(res.statusCode).toBe(200);
  return json(res).dashboard;
};
const check = async (id: string) => (await dashboard()).checks.find((c: { id: string }) => c.id === id);
const owner = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
const failedSignIn = (minutesAgo = 0) =>
  owner(sql`insert into audit_events (id, organization_id, actor_user_id, action, entity_type, details, at)
            values (${randomUUID()}, ${ORG}, null, 'auth.sign-in-failed', 'user', '{"email":"intruder@demo.clinic"}'::jsonb, now() - make_interval(mins => ${minutesAgo}))`);

describe('SOC 2 dashboard', () => {
  it('has the spec shape: five criteria, system health, risk and recent events', async () => {
    const d = await dashboard();
    expect(Object.keys(d.complianceStatus)).toEqual(['security', 'availability', 'processingIntegrity', 'confidentiality', 'privacy']);
    for (const c of Object.values(d.complianceStatus) as Array<{ status: string; score: number; lastTested: string }>) {
      expect(['compliant', 'partial', 'non-compliant']).toContain(c.status);
      expect(c.lastTested).toBe(d.lastUpdated);
    }
    expect(d.systemHealth.uptime).toBeGreaterThanOrEqual(0);
    const { used, total } = d.systemHealth.memory;
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThanOrEqual(total);
    expect(d.riskAssessment.overallRisk).toMatch(/low|medium|high|critical/);
    // No demo member has a second factor: MFA adoption fails, with the fix.
    const mfa = d.checks.find((c: { id: string }) => c.id === 'mfa-adoption');
    expect(mfa).toMatchObject({ passed: false });
    expect(mfa.fix).toMatch(/two-factor/);
    // The demo organization's policy asks for 8 characters, and common passwords are refused.
    expect(d.checks.find((c: { id: string }) => c.id === 'password-policy').passed).toBe(true);
  });

  it("MFA adoption and password strength follow the members' second factors and the organization's password policy", async () => {
    const members = sql`select user_id from organization_members where organization_id = ${ORG} and status = 'active'`;
    const [saved] = (await owner(sql`select coalesce(settings -> 'passwordPolicy', '{}'::jsonb)::text as p from organizations where id = ${ORG}`))
      .rows as Array<{ p: string }>;
    const policy = saved.p;
    try {
      await owner(sql`update users set mfa_enabled_at = now() where id in (${members})`);
      expect((await check('mfa-adoption')).passed).toBe(true);
      const weak = '{"minLength":6,"requireSymbols":false,"requireNumbers":false,"requireUppercase":false}';
      await owner(sql`update organizations set settings = jsonb_set(settings, '{passwordPolicy}', ${weak}::jsonb) where id = ${ORG}`);
      expect((await check('password-policy')).passed).toBe(false);
    } finally {
      await owner(sql`update users set mfa_enabled_at = null where id in (${members})`);
      await owner(sql`update organizations set settings = jsonb_set(settings, '{passwordPolicy}', ${policy}::jsonb) where id = ${ORG}`);
    }
    expect((await check('password-policy')).passed).toBe(true);
    expect((await check('mfa-adoption')).passed).toBe(false);
  });

  it('is for Admins (the settings permission): a doctor is refused', async () => {
    expect((await t.as('doctor').get('/api/soc2/dashboard')).statusCode).toBe(403);
  });

  it('failed sign-ins flip their check and show as recent events', async () => {
    expect((await check('failed-sign-ins')).passed).toBe(true);
    for (let i = 0; i < 3; i++) await failedSignIn();
    expect((await check('failed-sign-ins')).passed).toBe(false);
    const d = await dashboard();
    expect(d.recentEvents).toContainEqual(
      expect.objectContaining({ eventType: 'auth.sign-in-failed', severity: 'medium', description: 'Failed sign-in for intruder@demo.clinic' }),
    );
    expect(d.recentEvents.length).toBeLessThanOrEqual(5);
    // Successful sign-ins bring the rate back under 20%.
    for (let i = 0; i < 12; i++) await signInAs(t.app, 'nurse@demo.clinic');
    expect((await check('failed-sign-ins')).passed).toBe(true);
  });

  it('audit immutability flips when the app role may update audit rows', async () => {
    expect((await check('audit-immutable')).passed).toBe(true);
    await owner(sql`grant update on audit_events to clinic_app`);
    try {
      expect((await check('audit-immutable')).passed).toBe(false);
      expect((await dashboard()).complianceStatus.processingIntegrity.status).toBe('non-compliant');
    } finally {
      await owner(sql`revoke update on audit_events from clinic_app`);
    }
    expect((await check('audit-immutable')).passed).toBe(true);
  });

  it('RLS flips when a tenant table stops forcing it', async () => {
    expect((await check('tenant-rls')).passed).toBe(true);
    await owner(sql`alter table member_settings no force row level security`);
    try {
      const c = await check('tenant-rls');
      expect(c.passed).toBe(false);
      expect(c.evidence).toContain('member_settings');
    } finally {
      await owner(sql`alter table member_settings force row level security`);
    }
    expect((await check('tenant-rls')).passed).toBe(true);
  });

  it('data retention flips with what an Admin saves', async () => {
    await t.post('/api/settings', { settings: { security: { data: { dataRetention: 3 } } } });
    expect((await check('data-retention')).passed).toBe(false);
    await t.post('/api/settings', { settings: { security: { data: { dataRetention: 7 } } } });
    expect((await check('data-retention')).passed).toBe(true);
  });

  describe('on a deployment with PUBLIC_URL and BACKUP_URL', () => {
    const deployed = useTestApp({ as: 'admin', publicUrl: 'https://clinic.example', backupUrl: 's3://clinic-backups' });

    it('TLS and backups flip with the deployment’s PUBLIC_URL and BACKUP_URL', async () => {
      expect((await check('tls-hsts')).passed).toBe(false);
      expect((await check('backups')).passed).toBe(false);
      const checks = json(await deployed.get('/api/soc2/dashboard')).dashboard.checks as Array<{ id: string; passed: boolean }>;
      expect(checks.find((c) => c.id === 'tls-hsts')?.passed).toBe(true);
      expect(checks.find((c) => c.id === 'backups')?.passed).toBe(true);
    });
  });

  describe('on an instance of its own (a request window no other test has filled)', () => {
    const fresh = useTestApp({ as: 'admin' });

    it("the server error rate flips when this instance's answers of the last 24 hours hold over 1% of 5xx", async () => {
      const serverErrors = async () => {
        const checks = json(await fresh.get('/api/soc2/dashboard')).dashboard.checks as Array<{ id: string; passed: boolean; evidence: string }>;
        return checks.find((c) => c.id === 'server-errors');
      };
      expect((await serverErrors())?.passed).toBe(true);
      // What the window's onResponse hook records for answers with a 5xx status.
      for (let i = 0; i < 5; i += 1) requestWindowOf(fresh.app).record(503);
      const failing = await serverErrors();
      expect(failing?.passed).toBe(false);
      expect(failing?.evidence).toMatch(/^5 server errors in \d+ requests/);
    });
  });

  it('the request window counts 5xx over the last 24 hours', () => {
    let now = Date.UTC(2026, 0, 1);
    const w = new RequestWindow(() => now);
    w.record(200);
    w.record(503);
    expect(w.totals()).toEqual({ requests: 2, serverErrors: 1 });
    now += 25 * 3_600_000;
    w.record(200);
    expect(w.totals()).toEqual({ requests: 1, serverErrors: 0 });
  });
});

describe('SOC 2 report and audit trail', () => {
  it('the report is a dated printable page, and audited', async () => {
    const res = await t.get('/api/soc2/generate-report');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('SOC 2 Compliance Report');
    expect(res.body).toContain('Multi-factor authentication adoption');
    expect((await auditEventsOf(t.database.db, 'soc2.report-generated')).length).toBe(1);
  });

  it('the audit trail filters, pages and exports CSV, each read audited', async () => {
    await failedSignIn(2);
    let res = await t.get('/api/soc2/audit-trail?format=json&action=auth.sign-in-failed&limit=2');
    let body = json(res);
    expect(body.events).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.events.every((e: { action: string }) => e.action === 'auth.sign-in-failed')).toBe(true);
    const page2 = json(await t.get('/api/soc2/audit-trail?format=json&action=auth.sign-in-failed&limit=2&page=2'));
    expect(page2.events[0].id).not.toBe(body.events[0].id);
    res = await t.get('/api/soc2/audit-trail?action=auth.&actor=admin@demo');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Audit Trail');
    body = json(await t.get('/api/soc2/audit-trail?format=json&from=2000-01-01&to=2000-01-02'));
    expect(body.total).toBe(0);
    res = await t.get('/api/soc2/audit-trail?format=csv&action=auth.sign-in-failed');
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.body.split('\r\n')[0]).toBe('time,actor,action,entity_type,entity_id,ip,details');
    expect(res.body).toContain('auth.sign-in-failed');
    expect((await auditEventsOf(t.database.db, 'soc2.audit-trail-read')).length).toBe(4);
    expect((await auditEventsOf(t.database.db, 'soc2.audit-trail-exported')).length).toBe(1);
  });

  it('another organization sees none of this one’s trail', async () => {
    const other = await createOtherOrganization(t.app, 'owner@soc2-other.org');
    const body = json(await t.as(other.headers).get('/api/soc2/audit-trail?format=json&action=auth.sign-in-failed'));
    expect(body.total).toBe(0);
  });
});
