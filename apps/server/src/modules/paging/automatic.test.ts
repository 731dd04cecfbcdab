import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLINIC_ID } from '../../db/seed/demo.js';
import { organizations } from '../../db/schema/index.js';
import { withTenant } from '../../platform/tenant-tx.js';
import { trialWithEnrollment } from '../../test/clinical-trials.fixtures.js';
import {
  auditEventsOf,
  countRows,
  createOtherOrganization,
  freshAddress,
  json,
  memberIdOf,
  rows,
  signInAs,
  useTestApp,
} from '../../test/harness.js';
import { kioskCheckIns } from '../../test/kiosk-check-ins.js';
import { pageOnCallForAlert } from './automatic.js';
import { allDayRota, demoMembers, ORG } from './paging.fixtures.js';

/**
 * Automatic pages: each kind of CRITICAL alert pages the doctor on call in its clinic, once per
 * alert, from the platform; not when the organization turned it off, when its plan has no paging,
 * or when nobody is on call; never a page of another organization.
 */
const t = useTestApp({ as: 'nurse' });
const checkIn = kioskCheckIns(t, { firstName: 'Auto', lastName: 'Page', phonePrefix: '555-020-', chiefComplaint: 'Headache' });
const highRisk = () => checkIn({ chiefComplaint: 'Crushing chest pain, heart attack feared', symptoms: ['chest pain'], age: 80 });
const NEWS2_SEVEN = {
  heartRate: 111,
  respiratoryRate: 21,
  oxygenSaturation: 93,
  bloodPressure: { systolic: 101, diastolic: 70 },
  temperature: 98.6,
};
let m: Awaited<ReturnType<typeof demoMembers>>;

interface AlertRow {
  id: string;
  message: string;
  status: string;
  patient_id: string | null;
}
const alertsOf = (entryId: string, cause: string) =>
  rows<AlertRow>(
    t.database.db,
    sql`select id, message, status, patient_id from emergency_alerts where queue_entry_id = ${entryId} and cause = ${cause} and severity = 'CRITICAL'`,
  );
const autoPagesOf = (alertId: string) =>
  rows(t.database.db, sql`select * from pages where alert_id = ${alertId} and automatic order by created_at`);
const setRota = async (rota: object, headers?: Record<string, string>) => {
  const res = await (headers ? t.as(headers) : t.as('manager')).put('/api/paging/on-call', rota);
  expect(res.statusCode).toBe(200);
};
const vitals = async (id: string, body: object) => expect((await t.post(`/api/triage/waiting-room/${id}/vitals`, body)).statusCode).toBe(200);

/** The one automatic page of an alert, checked as a page from the platform to the doctor on call about it. */
async function pageOfAlert(alert: AlertRow, entryId: string | null) {
  const pages = await autoPagesOf(alert.id);
  expect(pages).toHaveLength(1);
  expect(pages[0]).toMatchObject({
    organization_id: ORG,
    clinic_id: DEMO_CLINIC_ID,
    sender_member_id: null,
    recipient_member_id: m.doctor,
    on_call_role: 'Doctor',
    priority: 'emergency',
    status: 'sent',
    message: alert.message,
    alert_id: alert.id,
    queue_entry_id: entryId,
    patient_id: alert.patient_id,
    reached: [m.doctor],
  });
  expect(pages[0].next_step_at).not.toBeNull();
  return pages[0];
}

beforeAll(async () => {
  m = await demoMembers(t);
  await setRota(allDayRota('Doctor', m.doctor, m.admin));
});

describe('each kind of CRITICAL alert pages the doctor on call, once', () => {
  it('risk above 80 at a kiosk check-in (HIGH_RISK): one page, its sent step, audited; read as an automatic page', async () => {
    const entryId = await highRisk();
    const [alert] = await alertsOf(entryId, 'HIGH_RISK');
    const page = await pageOfAlert(alert, entryId);
    expect(await countRows(t.database.db, 'page_events', sql`page_id = ${page.id} and type = 'sent' and member_id = ${m.doctor}`)).toBe(1);
    const audit = (await auditEventsOf(t.database.db, 'page.sent')).find((a) => a.entity_id === page.id);
    expect(audit?.details).toMatchObject({ automatic: true, alertId: alert.id, recipientMemberId: m.doctor });
    const seen = json(await t.as('doctor').get(`/api/paging/${page.id}`)).page;
    expect(seen).toMatchObject({ automatic: true, sender: null, alertId: alert.id, recipient: { memberId: m.doctor } });
    const inbox = json(await t.as('doctor').get('/api/paging/history?recipient=me')).pages;
    expect(inbox.map((p: { id: string }) => p.id)).toContain(page.id);
  });

  it('NEWS2 of 7 from recorded vital signs (VITALS): one page, none again while the alert is unresolved', async () => {
    const entryId = await checkIn();
    await vitals(entryId, NEWS2_SEVEN);
    const [alert] = await alertsOf(entryId, 'VITALS');
    await pageOfAlert(alert, entryId);
    await vitals(entryId, NEWS2_SEVEN);
    expect(await alertsOf(entryId, 'VITALS')).toHaveLength(1);
    expect(await autoPagesOf(alert.id)).toHaveLength(1);
  });

  it('a critical pick at the emergency kiosk (EMERGENCY_CHECKIN): one page with the alert text', async () => {
    const res = await t.anon.post(
      '/api/triage/case',
      { source: 'emergency-kiosk', quickPick: 'stroke-signs', name: '', phoneNumber: undefined },
      { remoteAddress: freshAddress() },
    );
    expect(res.statusCode).toBe(201);
    const entryId = json(res).case.id;
    const [alert] = await alertsOf(entryId, 'EMERGENCY_CHECKIN');
    expect(alert.message).toMatch(/^Emergency kiosk check-in #\d+: stroke signs/);
    await pageOfAlert(alert, entryId);
  });

  it('a serious adverse event in a trial: one page about the trial, nothing of the patient; a mild one pages nobody', async () => {
    const doctor = await signInAs(t.app, 'doctor@demo.clinic');
    const place = { organizationId: ORG, clinicId: DEMO_CLINIC_ID, headers: doctor };
    const serious = await trialWithEnrollment(t.app, place, { severity: 'Severe', lastName: 'Serious' });
    const pages = await autoPagesOf(serious.adverseEventId);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({
      sender_member_id: null,
      recipient_member_id: m.doctor,
      priority: 'emergency',
      patient_id: serious.patientId,
      queue_entry_id: null,
      clinic_id: DEMO_CLINIC_ID,
    });
    expect(pages[0].message).toMatch(
      /^Serious adverse event \(Severe\) reported in the trial Probe Pediatric Asthma Study\. Safety report due \d{4}-\d{2}-\d{2}\.$/,
    );
    expect(pages[0].message).not.toMatch(/Milo|rash/i);
    const mild = await trialWithEnrollment(t.app, place, { severity: 'Mild', lastName: 'Mild' });
    expect(await autoPagesOf(mild.adverseEventId)).toHaveLength(0);
  });

  it("the organization's paging webhook is told of the automatic page, once", async () => {
    const hook = JSON.stringify({ webhookUrl: 'https://pager.example/hook' });
    await t.database.db.execute(
      sql`update organizations set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{paging}', ${hook}::jsonb) where id = ${ORG}`,
    );
    try {
      const entryId = await highRisk();
      const [alert] = await alertsOf(entryId, 'HIGH_RISK');
      const page = await pageOfAlert(alert, entryId);
      const deliveries = await rows(
        t.database.db,
        sql`select event, url, payload from paging_deliveries where page_id = ${page.id} order by event`,
      );
      // The webhook's delivery, and the doctor's mail (the test server has a mailer).
      expect(deliveries).toEqual([
        expect.objectContaining({ event: 'mail', url: 'mailto:' }),
        expect.objectContaining({ event: 'sent', url: 'https://pager.example/hook' }),
      ]);
      expect(deliveries[1].payload.page).toMatchObject({ id: page.id, automatic: true, sender: null, message: alert.message });
    } finally {
      await t.database.db.execute(sql`update organizations set settings = settings - 'paging' where id = ${ORG}`);
    }
  });

  it('acknowledging the page acknowledges nothing else: the alert keeps its own state', async () => {
    const entryId = await highRisk();
    const [alert] = await alertsOf(entryId, 'HIGH_RISK');
    const page = await pageOfAlert(alert, entryId);
    const ack = await t.as('doctor').post(`/api/paging/${page.id}/acknowledge`, {});
    expect(ack.statusCode).toBe(200);
    expect(json(ack).page.status).toBe('acknowledged');
    expect((await alertsOf(entryId, 'HIGH_RISK'))[0].status).toBe('ACTIVE');
  });
});

describe('once per alert under concurrency', () => {
  it('simultaneous recordings of the same critical vital signs raise one alert and one page', async () => {
    const entryId = await checkIn();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => t.post(`/api/triage/waiting-room/${entryId}/vitals`, NEWS2_SEVEN)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const alerts = await alertsOf(entryId, 'VITALS');
    expect(alerts).toHaveLength(1);
    await pageOfAlert(alerts[0], entryId);
  });

  it('the same alert paged by simultaneous transactions pages once (the unique index decides)', async () => {
    const [organization] = await t.database.db
      .select()
      .from(organizations)
      .where(sql`id = ${ORG}`);
    const alertId = `concurrent-alert-${Date.now()}`;
    const tenant = { organizationId: ORG, clinicId: DEMO_CLINIC_ID, organization, timeZone: 'UTC' };
    const raise = () =>
      withTenant(t.appDatabase.db, ORG, async (tx) => {
        const id = await pageOnCallForAlert(
          { tx, tenant, audit: async () => undefined, emit: async () => undefined },
          { clinicId: DEMO_CLINIC_ID, alertId, entityType: 'emergency_alert', message: 'Concurrent critical alert' },
        );
        // Held open a moment, so every transaction inserts before the first commits.
        await tx.execute(sql`select pg_sleep(0.2)`);
        return id;
      });
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(raise));
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    expect(await autoPagesOf(alertId)).toHaveLength(1);
  });
});

describe('no page', () => {
  const pagesNow = () => countRows(t.database.db, 'pages', sql`automatic`);

  it('when the organization turned autoPageCritical off', async () => {
    await t.database.db.execute(
      sql`update organizations set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{paging}', '{"autoPageCritical": false}') where id = ${ORG}`,
    );
    try {
      const before = await pagesNow();
      const entryId = await highRisk();
      expect(await alertsOf(entryId, 'HIGH_RISK')).toHaveLength(1);
      expect(await pagesNow()).toBe(before);
    } finally {
      await t.database.db.execute(sql`update organizations set settings = settings - 'paging' where id = ${ORG}`);
    }
  });

  it("when the organization's plan has no doctorPaging", async () => {
    await t.database.db.execute(sql`update organizations set plan_id = 'basic' where id = ${ORG}`);
    try {
      const before = await pagesNow();
      const entryId = await highRisk();
      expect(await alertsOf(entryId, 'HIGH_RISK')).toHaveLength(1);
      expect(await pagesNow()).toBe(before);
    } finally {
      await t.database.db.execute(sql`update organizations set plan_id = 'professional' where id = ${ORG}`);
    }
  });

  it('when nobody is on call: the alert stays, the audit trail says why', async () => {
    await setRota({ role: 'Doctor', shifts: [], overrides: [] });
    try {
      const before = await pagesNow();
      const entryId = await highRisk();
      const [alert] = await alertsOf(entryId, 'HIGH_RISK');
      expect(alert.status).toBe('ACTIVE');
      expect(await pagesNow()).toBe(before);
      const audit = (await auditEventsOf(t.database.db, 'paging.auto.no-on-call')).find((a) => a.entity_id === alert.id);
      expect(audit).toMatchObject({
        entity_type: 'emergency_alert',
        details: expect.objectContaining({ reason: 'nobody-on-call', role: 'Doctor' }),
      });
    } finally {
      await setRota(allDayRota('Doctor', m.doctor, m.admin));
    }
  });
});

describe('between organizations', () => {
  it("pages the alert's own organization's doctor on call, never another organization's", async () => {
    const other = await createOtherOrganization(t.app, 'owner@auto-page-other.example');
    const otherOwner = await memberIdOf(t.database.db, other.organizationId, 'owner@auto-page-other.example');
    await setRota(allDayRota('Doctor', otherOwner), other.headers);
    const otherBefore = await countRows(t.database.db, 'pages', sql`organization_id = ${other.organizationId}`);

    const ours = await highRisk();
    const [ourAlert] = await alertsOf(ours, 'HIGH_RISK');
    await pageOfAlert(ourAlert, ours);
    expect(await countRows(t.database.db, 'pages', sql`organization_id = ${other.organizationId}`)).toBe(otherBefore);
    expect(await countRows(t.database.db, 'pages', sql`organization_id = ${ORG} and recipient_member_id = ${otherOwner}`)).toBe(0);

    const res = await t.anon.post(
      `/api/triage/case?organizationId=${other.organizationId}&clinicId=${other.clinicId}`,
      {
        firstName: 'Other',
        lastName: 'Patient',
        phoneNumber: '555 030 1000',
        chiefComplaint: 'Crushing chest pain, heart attack feared',
        symptoms: ['chest pain'],
        age: 80,
      },
      { remoteAddress: freshAddress() },
    );
    expect(res.statusCode).toBe(201);
    const [theirAlert] = await alertsOf(json(res).case.id, 'HIGH_RISK');
    expect(await autoPagesOf(theirAlert.id)).toEqual([
      expect.objectContaining({ organization_id: other.organizationId, clinic_id: other.clinicId, recipient_member_id: otherOwner }),
    ]);
    expect(await countRows(t.database.db, 'pages', sql`organization_id = ${ORG} and alert_id = ${theirAlert.id}`)).toBe(0);
  });
});
