import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEventsOf, createOtherOrganization, freshAddress, rows, useTestApp } from '../../test/harness.js';

/** A directory patient added by the Nurse (the patients contract's required fields). */
const ADA = {
  firstName: 'Ada',
  lastName: 'Activity',
  dateOfBirth: '1986-12-09',
  gender: 'female',
  phone: '(555) 310-4477',
  email: 'ada.activity@example.org',
  address: { street: '1 Compiler Court', city: 'Arlington', state: 'VA', zipCode: '22201' },
  emergencyContactName: 'Vincent Activity',
  emergencyContactRelationship: 'Spouse',
  emergencyContactPhone: '555-310-9900',
};

interface Item {
  id: string;
  icon: string;
  title: string;
  description: string;
  timeAgo: string;
  priority: string;
  at: string;
}

/**
 * The recent activity from the audit trail: each kind of event appears with its title and
 * priority, names and clinical details only for the permission of their area, never another
 * organization's or another clinic's, and reads are never activity.
 */
describe('recent activity', () => {
  const t = useTestApp({ as: 'nurse' });
  const last = 'Activity';
  let urgentId: string;
  let routineId: string;

  const activity = async (who: Parameters<typeof t.as>[0] = 'nurse', query = '') => {
    const res = await t.as(who).get(`/api/activity/recent${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { success: true; activities: Item[]; total: number };
  };
  const checkIn = async (payload: Record<string, unknown>, query = '') => {
    const res = await t.anon.post(`/api/triage/case${query}`, payload, { remoteAddress: freshAddress() });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().case.id as string;
  };

  beforeAll(async () => {
    // Chest pain at 80 scores 100: an emergency, and an alert at check-in. A mild cough scores low.
    urgentId = await checkIn({ firstName: 'Edna', lastName: last, chiefComplaint: 'Chest pain', symptoms: ['chest pain'], age: 80 });
    routineId = await checkIn({ firstName: 'Rita', lastName: last, chiefComplaint: 'Mild cough', symptoms: ['cough'], age: 30 });
    expect((await t.post(`/api/triage/waiting-room/${urgentId}/start`, {})).statusCode).toBe(200);
    expect((await t.post(`/api/triage/waiting-room/${urgentId}/complete`, {})).statusCode).toBe(200);
    const added = await t.post('/api/patients', ADA);
    expect(added.statusCode, added.body).toBe(201);
    expect((await t.as('admin').post('/api/organizations/invite', { email: 'new.doctor@example.org', role: 'Doctor' })).statusCode).toBe(201);
  });

  it('lists each kind of event, newest first, with its title, description and priority', async () => {
    const { activities, total } = await activity();
    expect(total).toBeGreaterThanOrEqual(8);
    const find = (title: string) => {
      const item = activities.find((a) => a.title === title);
      expect(item, `${title} in ${JSON.stringify(activities.map((a) => a.title))}`).toBeDefined();
      return item!;
    };
    expect(find('Edna Activity checked in')).toMatchObject({
      icon: 'check-in',
      priority: 'medium',
      description: expect.stringMatching(/^Chest pain · Queue #\d+ · Kiosk check-in$/),
    });
    expect(find('Rita Activity checked in')).toMatchObject({ icon: 'check-in', priority: 'medium' });
    expect(find('Alert: Edna Activity needs immediate attention')).toMatchObject({
      icon: 'alert',
      priority: 'emergency',
      description: expect.stringMatching(/^Risk score 100 · /),
    });
    expect(find('Care started for Edna Activity')).toMatchObject({
      icon: 'care-started',
      priority: 'medium',
      description: expect.stringMatching(/by Nora Nguyen$/),
    });
    expect(find('Care completed for Edna Activity')).toMatchObject({ icon: 'care-completed', priority: 'low' });
    expect(find('New patient: Ada Activity')).toMatchObject({ icon: 'patient-added', priority: 'low', description: 'Added by Nora Nguyen' });
    expect(find('New patient: Edna Activity')).toMatchObject({ description: 'Added at a kiosk check-in' });
    // The Nurse does not manage users: the invitation without its address.
    expect(find('A new Doctor was invited')).toMatchObject({ icon: 'member-invited', priority: 'low', description: 'Invited by Adam Alvarez' });
    expect(activities.every((a) => a.timeAgo === 'Just now')).toBe(true);
    const times = activities.map((a) => a.at);
    expect([...times].sort().reverse()).toEqual(times);
    // The Rita check-in raised no alert.
    expect(activities.some((a) => a.title.includes('Alert: Rita'))).toBe(false);
  });

  it('raises an alert when recorded vital signs push a waiting patient over', async () => {
    const res = await t.post(`/api/triage/waiting-room/${routineId}/vitals`, {
      heartRate: 132,
      bloodPressure: { systolic: 86, diastolic: 50 },
      oxygenSaturation: 88,
      respiratoryRate: 29,
      temperature: 103.1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { activities } = await activity();
    const alert = activities.find((a) => a.icon === 'alert' && a.title.startsWith('Alert: Rita Activity'));
    expect(alert?.description).toMatch(/After vital signs$/);
    expect(['emergency', 'urgent']).toContain(alert?.priority);
    // Recording them again raises nothing new: the alert stands.
    await t.post(`/api/triage/waiting-room/${routineId}/vitals`, { heartRate: 133, oxygenSaturation: 88, respiratoryRate: 29 });
    const [{ n }] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where action = 'queue.alert-raised' and entity_id = ${routineId}`,
    );
    expect(n).toBe(1);
  });

  it('shows a role without the permission that something happened, never who or why', async () => {
    const viewer = await t.as('viewer').get('/api/activity/recent?limit=100');
    expect(viewer.statusCode).toBe(200);
    expect(viewer.body).not.toMatch(/Edna|Rita|\bAda\b|Chest pain|Mild cough|Risk score|NEWS2|new\.doctor@/);
    const titles = (viewer.json().activities as Item[]).map((a) => a.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'A patient checked in',
        'Alert: a patient needs immediate attention',
        'Care started for a patient',
        'A new patient was added',
      ]),
    );
    // Staff manage the queue but not patients: queue names yes, the new directory patient no.
    const staff = (await activity('staff', '?limit=100')).activities.map((a) => a.title);
    expect(staff).toContain('Edna Activity checked in');
    expect(staff).not.toContain('New patient: Ada Activity');
    expect(staff).toContain('A new patient was added');
    // An Admin manages users: the invitation's address.
    expect((await activity('admin', '?limit=100')).activities.map((a) => a.title)).toContain('new.doctor@example.org invited as Doctor');
  });

  it('never lists reads, and audits its own read with the patients whose details it showed', async () => {
    const before = (await activity()).total;
    await t.get('/api/triage/waiting-room');
    await t.get('/api/patients');
    await t.get(`/api/triage/waiting-room/${urgentId}/history`);
    await activity();
    await activity('viewer');
    const after = await activity('nurse', '?limit=100');
    expect(after.total).toBe(before);
    const [{ actions }] = await rows<{ actions: string[] }>(
      t.database.db,
      sql`select array_agg(action) as actions from audit_events where id in ${after.activities.map((a) => a.id)}`,
    );
    expect(actions.some((a) => a.endsWith('read') || a === 'patient.list')).toBe(false);
    const reads = await auditEventsOf(t.database.db, 'activity.read');
    expect(reads.length).toBeGreaterThanOrEqual(3);
    const nurseRead = reads.at(-1)!;
    expect(nurseRead.organization_id).toBe('default-clinic');
    expect(nurseRead.details).toMatchObject({ clinicId: 'default-clinic', offset: 0 });
    const [edna] = await rows<{ patient_id: string }>(t.database.db, sql`select patient_id from queue_entries where id = ${urgentId}`);
    expect(nurseRead.details!.patients).toContain(edna.patient_id);
    // The Viewer was shown no patient.
    const viewerId = (await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'viewer@demo.clinic'`))[0].id;
    const viewerReads = reads.filter((r) => r.actor_user_id === viewerId);
    expect(viewerReads.length).toBeGreaterThan(0);
    expect(viewerReads.every((r) => r.details!.patients.length === 0)).toBe(true);
  });

  it('pages through everything with limit and offset, the total unchanged', async () => {
    const all = await activity('nurse', '?limit=100');
    const first = await activity('nurse', '?limit=3');
    const second = await activity('nurse', '?limit=3&offset=3');
    expect(first.activities).toHaveLength(3);
    expect(first.total).toBe(all.total);
    expect(second.total).toBe(all.total);
    expect([...first.activities, ...second.activities].map((a) => a.id)).toEqual(all.activities.slice(0, 6).map((a) => a.id));
    expect((await activity('nurse', `?offset=${all.total}`)).activities).toEqual([]);
    expect((await activity()).activities).toHaveLength(Math.min(10, all.total));
    for (const bad of ['?limit=0', '?limit=101', '?offset=-1', '?limit=ten']) {
      expect((await t.get(`/api/activity/recent${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it("never shows another organization's activity, nor another clinic's", async () => {
    const other = await createOtherOrganization(t.app, 'activity-owner@other.org');
    const ownBefore = (await activity()).total;
    await checkIn(
      { firstName: 'Olga', lastName: 'Elsewhere', chiefComplaint: 'Headache' },
      `?organizationId=${other.organizationId}&clinicId=${other.clinicId}`,
    );
    const theirs = await activity(other.headers, '?limit=100');
    expect(theirs.activities.map((a) => a.title)).toContain('Olga Elsewhere checked in');
    expect(JSON.stringify(theirs)).not.toMatch(/Edna|Rita|\bAda\b|Activity/);
    const ours = await t.get('/api/activity/recent?limit=100');
    expect(ours.body).not.toMatch(/Olga|Elsewhere/);
    expect(ours.json().total).toBe(ownBefore);
    expect((await t.get(`/api/activity/recent?organizationId=${other.organizationId}`)).statusCode).toBe(403);

    // A second clinic of the demo organization: its check-ins are its own; invitations belong to every clinic.
    const clinic = await t.as('owner').post('/api/clinics', { name: 'Activity Annex', type: 'general' });
    expect(clinic.statusCode, clinic.body).toBe(201);
    const annex = clinic.json().clinic.id as string;
    await checkIn({ firstName: 'Anya', lastName: 'Annex', chiefComplaint: 'Sprained wrist' }, `?organizationId=default-clinic&clinicId=${annex}`);
    expect((await t.get('/api/activity/recent?limit=100')).body).not.toMatch(/Anya/);
    const annexView = await activity('nurse', `?limit=100&clinicId=${annex}`);
    expect(annexView.activities.map((a) => a.title)).toEqual(expect.arrayContaining(['Anya Annex checked in', 'A new Doctor was invited']));
    expect(JSON.stringify(annexView)).not.toMatch(/Edna/);
  });

  it('is refused signed out', async () => {
    expect((await t.anon.get('/api/activity/recent')).statusCode).toBe(401);
  });
});
