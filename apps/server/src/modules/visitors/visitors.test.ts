import { localWallClock } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEventsOf, countRows, createOtherOrganization, freshAddress, json, rows, useTestApp } from '../../test/harness.js';
import { admittedPatient, OPEN_ALL_DAY, setVisitorSettings, visitorPayload } from './visitors.fixtures.js';

/**
 * The visiting policy through the API: the kiosk check-in and its refusals in the policy's order,
 * the staff check-in with its hours override, the console's list, detail, check-out, restriction,
 * badge verification, stats and export, each against the real database.
 */
const t = useTestApp({ as: 'staff', listen: true });
const ORG = 'default-clinic';
const KIOSK = `/api/visitors/check-in?organizationId=${ORG}&clinicId=${ORG}`;
const ZONE = 'America/Los_Angeles';

let doctor: Record<string, string>;
let seq = 0;
/** A patient in a room with a name no other test uses. */
async function patientInRoom(over: Record<string, unknown> = {}) {
  seq += 1;
  return admittedPatient(t.app, t.database.db, doctor, { firstName: 'Grace', lastName: `Hopper${'x'.repeat(seq)}`, ...over });
}
/** A kiosk check-in from an address of its own (the per-address limit never decides a test). */
const kiosk = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.anon.post(KIOSK, body, { remoteAddress: freshAddress(), headers });
let visitorSeq = 0;
/** A visitor with a name and phone of their own. */
const someone = (over: Record<string, unknown> = {}) => {
  visitorSeq += 1;
  return visitorPayload({ lastName: `Lopez${visitorSeq}`, phone: `555-201-${String(1000 + visitorSeq)}`, ...over });
};
const visitorsOf = (patientId: string) => countRows(t.database.db, 'visitors', sql`patient_id = ${patientId}`);

beforeAll(async () => {
  doctor = await t.as('doctor').headers();
  await setVisitorSettings(t.database.db, ORG, OPEN_ALL_DAY);
});

describe('kiosk check-in', () => {
  it('creates a Checked In visitor with a General access level and a Standard, unprinted badge issued by System', async () => {
    const patient = await patientInRoom();
    const res = await kiosk(someone({ patientName: patient.name }));
    expect(res.statusCode).toBe(201);
    const { success, visitor, badge } = json(res);
    expect(success).toBe(true);
    expect(visitor).toMatchObject({
      status: 'Checked In',
      accessLevel: 'General',
      patientId: patient.id,
      patientName: patient.name,
      department: 'Cardiology',
      floor: '4',
      roomNumber: '412',
      relationship: 'Family',
      visitPurpose: 'Visit Patient',
      idDocument: { type: 'Driver License', number: '•••• 4567', issuedBy: 'CA' },
      duration: '0m',
    });
    expect(badge).toMatchObject({ badgeType: 'Standard', printed: false, issuedBy: 'System', accessLevel: 'General', visitorId: visitor.id });
    expect(badge.badgeNumber).toMatch(/^V[A-Z]\d{4}$/);
    expect(visitor.badgeNumber).toBe(badge.badgeNumber);
    expect(Date.parse(badge.validUntil) - Date.parse(visitor.checkInTime)).toBe(8 * 3_600_000);
    expect(badge.qrCode).toBe(`/visitor-management?tab=badges&badge=${badge.badgeNumber}`);
    const [audit] = (await auditEventsOf(t.database.db, 'visitor.checked-in')).filter((a) => a.entity_id === visitor.id);
    expect(audit).toMatchObject({
      organization_id: ORG,
      actor_user_id: null,
      entity_type: 'visitor',
      details: { via: 'kiosk', patientId: patient.id },
    });
  });

  it("never carries the patient's contact data or other visitors", async () => {
    const patient = await patientInRoom({ email: 'private.patient@example.org', phone: '(555) 777-8888' });
    await kiosk(someone({ patientName: patient.name, firstName: 'Other', lastName: 'Visitorperson' }));
    const res = await kiosk(someone({ patientName: patient.name }));
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('private.patient@example.org');
    expect(res.body).not.toContain('777-8888');
    expect(res.body).not.toContain('Visitorperson');
    expect(res.body).not.toContain('D1234567');
  });

  it('refuses missing required fields with the spec text and writes nothing', async () => {
    const patient = await patientInRoom();
    for (const missing of [
      { phone: '' },
      { firstName: undefined },
      { relationship: 'Cousin' },
      { healthScreening: false },
      { idDocument: undefined },
    ]) {
      const res = await kiosk(someone({ patientName: patient.name, ...missing }));
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ success: false, code: 'validation/required', message: 'Please fill in all required fields.' });
    }
    expect(await visitorsOf(patient.id)).toBe(0);
  });

  it('matches the patient by name without case or accents, among patients in care only', async () => {
    const patient = await patientInRoom({ firstName: 'José', lastName: 'Garcíaperez' });
    const res = await kiosk(someone({ patientName: '  jose   GARCIAPEREZ ' }));
    expect(res.statusCode).toBe(201);
    expect(json(res).visitor.patientId).toBe(patient.id);

    // A patient with an open queue entry is in care too (the kiosk's own check-in puts them there).
    const queued = await t.anon.post(
      `/api/triage/case?organizationId=${ORG}&clinicId=${ORG}`,
      { firstName: 'Quentin', lastName: 'Queueson', chiefComplaint: 'Sprained ankle', painLevel: 3 },
      { remoteAddress: freshAddress() },
    );
    expect(queued.statusCode).toBe(201);
    expect((await kiosk(someone({ patientName: 'Quentin Queueson' }))).statusCode).toBe(201);
  });

  it('answers patient-not-found alike for no match, several matches, a patient not in care and one who opted out', async () => {
    const twinName = { firstName: 'Twin', lastName: 'Samename' };
    await patientInRoom(twinName);
    await patientInRoom(twinName);
    const optedOut = await patientInRoom({ optOut: true });
    const bodies = [];
    // John Smith is in the demo directory but not in care: no room, no queue entry.
    for (const patientName of ['Nobody Known', 'Twin Samename', optedOut.name, 'John Smith']) {
      const res = await kiosk(someone({ patientName }));
      expect(res.statusCode).toBe(404);
      bodies.push(json(res));
    }
    for (const body of bodies) expect(body).toEqual({ ...bodies[0] });
    expect(bodies[0]).toMatchObject({ code: 'visitors/patient-not-found', message: 'Please ask at the front desk.' });
    expect(await visitorsOf(optedOut.id)).toBe(0);
  });

  it('follows the placement staff set: a room puts a patient in care, the opt-out sends visitors to the front desk', async () => {
    const patient = await patientInRoom({ firstName: 'Placed' });
    const place = (body: Record<string, unknown>) => t.as('doctor').put(`/api/patients/${patient.id}/placement`, body);
    const optedOut = await place({ directoryOptOut: true });
    expect(json(optedOut).placement).toMatchObject({
      patientId: patient.id,
      roomNumber: '412',
      floor: '4',
      department: 'Cardiology',
      directoryOptOut: true,
    });
    expect((await kiosk(someone({ patientName: patient.name }))).statusCode).toBe(404);
    await place({ directoryOptOut: false, roomNumber: '733', floor: '7', department: 'Surgery' });
    const res = await kiosk(someone({ patientName: patient.name }));
    expect(json(res).visitor).toMatchObject({ roomNumber: '733', floor: '7', department: 'Surgery' });
    await place({ roomNumber: null });
    expect((await kiosk(someone({ patientName: patient.name }))).statusCode).toBe(404); // no room, no queue entry: not in care
    expect((await t.put(`/api/patients/${patient.id}/placement`, { roomNumber: '1' })).statusCode).toBe(403); // Staff: no patients permission
    const [audit] = (await auditEventsOf(t.database.db, 'patient.placement-updated')).slice(-1);
    expect(audit.details).toMatchObject({ fields: ['roomNumber'] });
    const read = await t.as('doctor').get(`/api/patients/${patient.id}/placement`);
    expect(json(read).placement).toEqual({ patientId: patient.id, roomNumber: null, floor: '7', department: 'Surgery', directoryOptOut: false });
    expect((await auditEventsOf(t.database.db, 'patient.placement-read')).some((a) => a.entity_id === patient.id)).toBe(true);
    expect((await t.get(`/api/patients/${patient.id}/placement`)).statusCode).toBe(403);
  });

  it('finds the patient by room number only where the organization prefers it, never naming them to the visitor', async () => {
    const patient = await patientInRoom({ room: 'B-907' });
    const policy = async () => json(await t.anon.get(`/api/visitors/kiosk-policy?organizationId=${ORG}`, { remoteAddress: freshAddress() }));
    const hours = { visitingHoursStart: '00:00', visitingHoursEnd: '00:00', maxVisitorsPerPatient: 2, badgeValidHours: 8 };
    expect(await policy()).toEqual({ success: true, patientLookup: 'name', ...hours });
    // By default a room number finds nobody: a name is required.
    const refused = await kiosk(someone({ patientName: undefined, patientRoom: 'B-907' }));
    expect(json(refused).code).toBe('visitors/patient-not-found');
    try {
      await setVisitorSettings(t.database.db, ORG, { visitorPatientLookup: 'room' });
      expect(await policy()).toEqual({ success: true, patientLookup: 'room', ...hours });
      const res = await kiosk(someone({ patientName: undefined, patientRoom: ' room b-907 ' }));
      expect(res.statusCode).toBe(201);
      expect(json(res).visitor).toMatchObject({ patientId: patient.id, patientName: 'Room B-907', roomNumber: 'B-907' });
      expect(res.body).not.toContain(patient.name.split(' ')[1]);
      // Stored with the patient's name for staff.
      expect(json(await t.get(`/api/visitors/${json(res).visitor.id}`)).visitor.patientName).toBe(patient.name);
      expect(json(await kiosk(someone({ patientName: undefined, patientRoom: 'B-908' }))).code).toBe('visitors/patient-not-found');
      // The name still works.
      expect((await kiosk(someone({ patientName: patient.name }))).statusCode).toBe(201);
      expect(json(await kiosk(someone({ patientName: undefined, patientRoom: undefined }))).code).toBe('validation/required');
    } finally {
      await setVisitorSettings(t.database.db, ORG, { visitorPatientLookup: 'name' });
    }
  });

  it("gives the kiosk the organization's visiting hours, visitors per patient and badge validity as they change", async () => {
    const policy = async () => json(await t.anon.get(`/api/visitors/kiosk-policy?organizationId=${ORG}`, { remoteAddress: freshAddress() }));
    try {
      await setVisitorSettings(t.database.db, ORG, {
        visitingHoursStart: '09:30',
        visitingHoursEnd: '18:00',
        maxVisitorsPerPatient: 3,
        badgeValidHours: 4,
      });
      const res = await policy();
      expect(res).toEqual({
        success: true,
        patientLookup: 'name',
        visitingHoursStart: '09:30',
        visitingHoursEnd: '18:00',
        maxVisitorsPerPatient: 3,
        badgeValidHours: 4,
      });
      // A malformed setting is the spec's default, never passed on as typed.
      await setVisitorSettings(t.database.db, ORG, { visitingHoursEnd: '25:00', maxVisitorsPerPatient: 0, badgeValidHours: 'x' });
      expect(await policy()).toMatchObject({
        visitingHoursStart: '09:30',
        visitingHoursEnd: '20:00',
        maxVisitorsPerPatient: 2,
        badgeValidHours: 8,
      });
    } finally {
      await setVisitorSettings(t.database.db, ORG, { ...OPEN_ALL_DAY, maxVisitorsPerPatient: 2, badgeValidHours: 8 });
    }
  });

  it('lets staff check in a visitor of a patient who opted out of the directory', async () => {
    const optedOut = await patientInRoom({ optOut: true });
    const res = await t.post('/api/visitors', someone({ patientName: optedOut.name }));
    expect(res.statusCode).toBe(201);
    expect(json(res).badge.issuedBy).toBe('Staff');
  });
});

describe('health screening', () => {
  it('admits at 100.3 °F and refuses at 100.4 °F or with any symptom, kindly', async () => {
    const patient = await patientInRoom();
    expect((await kiosk(someone({ patientName: patient.name, temperature: 100.3 }))).statusCode).toBe(201);
    for (const change of [{ temperature: 100.4 }, { temperature: 98.6, symptoms: ['cough'] }]) {
      const res = await kiosk(someone({ patientName: patient.name, ...change }));
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe('visitors/health-screening');
      expect(json(res).message).toContain('please see the front desk');
    }
    expect(await visitorsOf(patient.id)).toBe(1);
  });

  it('refuses a temperature with two decimals as bad input', async () => {
    const patient = await patientInRoom();
    const res = await kiosk(someone({ patientName: patient.name, temperature: 98.65 }));
    expect(res.statusCode).toBe(400);
  });
});

describe('visiting hours', () => {
  /** The organization's local wall clock now, plus `minutes`, as HH:MM. */
  const localClock = (minutes: number) => {
    const local = localWallClock(ZONE, new Date(Date.now() + minutes * 60_000));
    return `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
  };

  it('admits in the last minute before the end and refuses from the end on, on the organization clock', async () => {
    const patient = await patientInRoom();
    try {
      // The end two minutes ahead: like 7:59 PM with an 8:00 PM end.
      await setVisitorSettings(t.database.db, ORG, { visitingHoursStart: localClock(-120), visitingHoursEnd: localClock(2) });
      expect((await kiosk(someone({ patientName: patient.name }))).statusCode).toBe(201);
      // The end at this very minute: like 8:00 PM.
      await setVisitorSettings(t.database.db, ORG, { visitingHoursStart: localClock(-120), visitingHoursEnd: localClock(0) });
      const res = await kiosk(someone({ patientName: patient.name }));
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe('visitors/outside-hours');
      expect(json(res).message).toMatch(/^Visiting hours are \d{1,2}:\d{2} [AP]M to \d{1,2}:\d{2} [AP]M\./);
    } finally {
      await setVisitorSettings(t.database.db, ORG, OPEN_ALL_DAY);
    }
  });

  it('lets staff override the hours with a reason, audited, and not without one', async () => {
    const patient = await patientInRoom();
    await setVisitorSettings(t.database.db, ORG, { visitingHoursStart: localClock(-120), visitingHoursEnd: localClock(0) });
    try {
      expect(json(await t.post('/api/visitors', someone({ patientName: patient.name }))).code).toBe('visitors/outside-hours');
      expect((await t.post('/api/visitors', someone({ patientName: patient.name, overrideHours: true }))).statusCode).toBe(400);
      const res = await t.post('/api/visitors', someone({ patientName: patient.name, overrideHours: true, overrideReason: 'End-of-life visit' }));
      expect(res.statusCode).toBe(201);
      const id = json(res).visitor.id;
      const [audit] = (await auditEventsOf(t.database.db, 'visitor.hours-overridden')).filter((a) => a.entity_id === id);
      expect(audit.details).toMatchObject({ reason: 'End-of-life visit', patientId: patient.id });
      expect(audit.actor_user_id).not.toBeNull();
    } finally {
      await setVisitorSettings(t.database.db, ORG, OPEN_ALL_DAY);
    }
  });
});

describe('per-patient limit', () => {
  it('refuses the third visitor at one time and admits one again after a check-out', async () => {
    const patient = await patientInRoom();
    const first = await kiosk(someone({ patientName: patient.name }));
    expect((await kiosk(someone({ patientName: patient.name }))).statusCode).toBe(201);
    const third = await kiosk(someone({ patientName: patient.name }));
    expect(third.statusCode).toBe(409);
    expect(json(third).code).toBe('visitors/patient-limit');
    expect(await visitorsOf(patient.id)).toBe(2);

    expect((await t.post(`/api/visitors/${json(first).visitor.id}/check-out`, {})).statusCode).toBe(200);
    expect((await kiosk(someone({ patientName: patient.name }))).statusCode).toBe(201);
  });

  it('lifts the hours and the per-patient limit while the organization is in emergency mode', async () => {
    const patient = await patientInRoom();
    await setVisitorSettings(t.database.db, ORG, { visitingHoursStart: '00:00', visitingHoursEnd: '00:01', emergencyMode: true });
    try {
      for (let i = 0; i < 3; i++) expect((await kiosk(someone({ patientName: patient.name }))).statusCode).toBe(201);
    } finally {
      await setVisitorSettings(t.database.db, ORG, { ...OPEN_ALL_DAY, emergencyMode: false });
    }
    expect(json(await kiosk(someone({ patientName: patient.name }))).code).toBe('visitors/patient-limit');
  });

  it('does not count a visitor whose badge has expired', async () => {
    const patient = await patientInRoom();
    const a = json(await kiosk(someone({ patientName: patient.name })));
    await kiosk(someone({ patientName: patient.name }));
    await t.database.db.execute(sql`update visitors set valid_until = now() where id = ${a.visitor.id}`);
    expect((await kiosk(someone({ patientName: patient.name }))).statusCode).toBe(201);
  });
});

describe('restricted visitors', () => {
  it('are refused at the kiosk with a neutral message, the refusal audited and raised to staff as an ACTIVE alert', async () => {
    const patient = await patientInRoom();
    const person = someone({ firstName: 'Rex', patientName: patient.name });
    const visit = json(await kiosk(person)).visitor;
    const restricted = await t.post(`/api/visitors/${visit.id}/restrict`, { reason: 'Threatened staff' });
    expect(restricted.statusCode).toBe(200);
    expect(json(restricted).visitor).toMatchObject({ status: 'Restricted' });

    const stream = await t.openEventStream(await t.headers());
    // Same name (another case and accents) and phone, another ID: still the watch list's person.
    const res = await kiosk({ ...person, firstName: 'RÉX', idDocument: { type: 'Passport', number: 'P999' } });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({
      code: 'visitors/restricted',
      message: 'We are unable to complete your check-in here. Please see the front desk.',
    });
    expect(res.body).not.toContain('Threatened');
    const alert = await stream.next((e) => e.event === 'visitors.security-alert');
    expect(alert.data).toMatchObject({ organizationId: ORG, type: 'visitors.security-alert' });
    const [audit] = await auditEventsOf(t.database.db, 'visitor.restricted-refused');
    expect(audit).toMatchObject({ entity_type: 'visitor_watch_list', entity_id: alert.data.entityId, details: { via: 'kiosk', alert: 'ACTIVE' } });
    expect(await visitorsOf(patient.id)).toBe(1);

    // The restriction comes before the hours and the screening: refused as restricted whatever else.
    await setVisitorSettings(t.database.db, ORG, { visitingHoursStart: '00:00', visitingHoursEnd: '00:01' });
    try {
      const closed = await kiosk({ ...person, temperature: 101 });
      expect(json(closed).code).toBe('visitors/restricted');
    } finally {
      await setVisitorSettings(t.database.db, ORG, OPEN_ALL_DAY);
    }
    expect((await t.post(`/api/visitors/${visit.id}/unrestrict`, { reason: 'Cleared by security' })).statusCode).toBe(200);
    expect((await kiosk(person)).statusCode).toBe(201);
  });

  it('a name alone (another phone and ID) is not a match', async () => {
    const patient = await patientInRoom();
    const person = someone({ firstName: 'Sam', lastName: 'Namesake', patientName: patient.name });
    const visit = json(await kiosk(person)).visitor;
    await t.post(`/api/visitors/${visit.id}/restrict`, { reason: 'Banned' });
    const res = await kiosk({ ...person, phone: '555-999-0000', idDocument: { type: 'Passport', number: 'Q1' } });
    expect(res.statusCode).toBe(201);
  });
});

describe('badge verification', () => {
  it('reports valid, expired, checked-out and restricted', async () => {
    const patient = await patientInRoom();
    const verify = async (badgeNumber: string) => json(await t.get(`/api/visitors/badges/${badgeNumber}`));
    const a = json(await kiosk(someone({ patientName: patient.name })));
    expect(await verify(a.badge.badgeNumber)).toMatchObject({ success: true, valid: true, status: 'valid', visitor: { id: a.visitor.id } });
    expect(await verify(a.badge.badgeNumber.toLowerCase())).toMatchObject({ status: 'valid' });

    // Expired at exactly 8 hours: the valid-until has come.
    await t.database.db.execute(sql`update visitors set valid_until = now() where id = ${a.visitor.id}`);
    expect(await verify(a.badge.badgeNumber)).toMatchObject({ valid: false, status: 'expired', visitor: { status: 'Expired' } });

    await t.post(`/api/visitors/${a.visitor.id}/check-out`, {});
    expect(await verify(a.badge.badgeNumber)).toMatchObject({ valid: false, status: 'checked-out' });

    const b = json(await kiosk(someone({ patientName: patient.name })));
    await t.post(`/api/visitors/${b.visitor.id}/restrict`, { reason: 'Security' });
    expect(await verify(b.badge.badgeNumber)).toMatchObject({ valid: false, status: 'restricted' });
  });

  it('404s an unknown badge and refuses a malformed number', async () => {
    // A number no badge of this database holds (badges are random: pick one that is free).
    const held = new Set((await rows<{ n: string }>(t.database.db, sql`select badge_number as n from visitor_badges`)).map((r) => r.n));
    const free = ['VZ0000', 'VZ0001', 'VZ0002', 'VZ0003'].find((n) => !held.has(n))!;
    expect((await t.get(`/api/visitors/badges/${free}`)).statusCode).toBe(404);
    expect((await t.get('/api/visitors/badges/V12')).statusCode).toBe(400);
  });
});

describe('badge reprint and revocation', () => {
  it('reprints a valid badge with the same number, marked printed, audited; not once checked out', async () => {
    const patient = await patientInRoom();
    const { visitor, badge } = json(await kiosk(someone({ patientName: patient.name })));
    const res = await t.post(`/api/visitors/${visitor.id}/badge/reprint`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: true, visitor: { id: visitor.id }, badge: { badgeNumber: badge.badgeNumber, printed: true } });
    const [audit] = (await auditEventsOf(t.database.db, 'visitor.badge-reprinted')).filter((a) => a.entity_id === visitor.id);
    expect(audit.details).toMatchObject({ badgeNumber: badge.badgeNumber });
    await t.post(`/api/visitors/${visitor.id}/check-out`, {});
    expect((await t.post(`/api/visitors/${visitor.id}/badge/reprint`)).statusCode).toBe(409);
  });

  it('revokes a badge: verification reads checked-out, the visitor is out and no longer counted, once', async () => {
    const patient = await patientInRoom();
    const { visitor, badge } = json(await kiosk(someone({ patientName: patient.name })));
    expect((await t.post(`/api/visitors/${visitor.id}/badge/revoke`, {})).statusCode).toBe(400);
    const res = await t.post(`/api/visitors/${visitor.id}/badge/revoke`, { reason: 'Badge reported lost' });
    expect(res.statusCode).toBe(200);
    expect(json(res).visitor).toMatchObject({ status: 'Checked Out' });
    expect(json(await t.get(`/api/visitors/badges/${badge.badgeNumber}`))).toMatchObject({ valid: false, status: 'checked-out' });
    expect((await t.post(`/api/visitors/${visitor.id}/badge/revoke`, { reason: 'Again' })).statusCode).toBe(409);
    const [audit] = (await auditEventsOf(t.database.db, 'visitor.badge-revoked')).filter((a) => a.entity_id === visitor.id);
    expect(audit.details).toMatchObject({ badgeNumber: badge.badgeNumber, reason: 'Badge reported lost' });
    // Two more visitors fit: the revoked one no longer counts against the per-patient limit.
    expect((await kiosk(someone({ patientName: patient.name }))).statusCode).toBe(201);
    expect((await kiosk(someone({ patientName: patient.name }))).statusCode).toBe(201);
  });
});

describe('daily report', () => {
  it('counts check-ins per organization-local day over a range, every day listed, audited', async () => {
    const patient = await patientInRoom();
    const a = json(await kiosk(someone({ patientName: patient.name }))).visitor;
    await t.post(`/api/visitors/${a.id}/check-out`, {});
    // 2024-03-10 23:30 in Los Angeles (the organization's zone) is 2024-03-11 06:30 UTC: the local day counts.
    await t.database.db.execute(
      sql`update visitors set check_in_time = '2024-03-11T06:30:00Z', check_out_time = '2024-03-11T07:00:00Z' where id = ${a.id}`,
    );
    const res = await t.get('/api/visitors/daily?from=2024-03-09&to=2024-03-11');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      success: true,
      from: '2024-03-09',
      to: '2024-03-11',
      days: [
        { date: '2024-03-09', count: 0 },
        { date: '2024-03-10', count: 1 },
        { date: '2024-03-11', count: 0 },
      ],
      total: 1,
    });
    expect(json(await t.get('/api/visitors/daily')).days).toHaveLength(1);
    expect((await t.get('/api/visitors/daily?from=2024-03-11&to=2024-03-09')).statusCode).toBe(400);
    expect((await t.get('/api/visitors/daily?from=2020-01-01&to=2022-01-01')).statusCode).toBe(400);
    expect((await t.as('viewer').get('/api/visitors/daily')).statusCode).toBe(403);
    const audits = await auditEventsOf(t.database.db, 'visitor.report');
    expect(audits.map((a) => a.details)).toContainEqual(expect.objectContaining({ from: '2024-03-09', to: '2024-03-11', total: 1 }));
  });
});

describe('console', () => {
  it('checks a visitor out with a duration and a rating, once', async () => {
    const patient = await patientInRoom();
    const { visitor } = json(await kiosk(someone({ patientName: patient.name })));
    await t.database.db.execute(sql`update visitors set check_in_time = now() - interval '75 minutes' where id = ${visitor.id}`);
    const res = await t.post(`/api/visitors/${visitor.id}/check-out`, { rating: 4 });
    expect(res.statusCode).toBe(200);
    expect(json(res).visitor).toMatchObject({ status: 'Checked Out', duration: '1h 15m', durationMinutes: 75, rating: 4 });
    const again = await t.post(`/api/visitors/${visitor.id}/check-out`, {});
    expect(again.statusCode).toBe(409);
    const [audit] = (await auditEventsOf(t.database.db, 'visitor.checked-out')).filter((a) => a.entity_id === visitor.id);
    expect(audit.details).toMatchObject({ patientId: patient.id, rating: 4 });
  });

  it('lists with search by name, badge or patient, and by status', async () => {
    const patient = await patientInRoom({ firstName: 'Listable' });
    const { visitor, badge } = json(await kiosk(someone({ firstName: 'Searchable', patientName: patient.name })));
    for (const search of ['searchable', badge.badgeNumber.toLowerCase(), 'listable hopper']) {
      const res = await t.get(`/api/visitors?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      expect(json(res).visitors.map((v: { id: string }) => v.id)).toContain(visitor.id);
    }
    const checkedIn = json(await t.get('/api/visitors?status=Checked%20In&limit=200'));
    expect(checkedIn.visitors.every((v: { status: string }) => v.status === 'Checked In')).toBe(true);
    expect(checkedIn.visitors.map((v: { id: string }) => v.id)).toContain(visitor.id);
    const out = json(await t.get('/api/visitors?status=Checked%20Out&search=Searchable'));
    expect(out).toMatchObject({ visitors: [], total: 0 });
    expect((await t.get('/api/visitors?status=Gone')).statusCode).toBe(400);
    const [audit] = (await auditEventsOf(t.database.db, 'visitor.list')).slice(-1);
    expect(audit.details).toMatchObject({ search: 'Searchable', status: 'Checked Out' });
  });

  it('shows one visitor with the visit history of the same person, the ID masked', async () => {
    const patient = await patientInRoom();
    const person = someone({ patientName: patient.name });
    const first = json(await kiosk(person)).visitor;
    await t.post(`/api/visitors/${first.id}/check-out`, {});
    const second = json(await kiosk(person)).visitor;
    const res = await t.get(`/api/visitors/${second.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).visitor.visitHistory).toEqual([expect.objectContaining({ id: first.id, status: 'Checked Out' })]);
    expect(res.body).not.toContain('D1234567');
    expect((await auditEventsOf(t.database.db, 'visitor.read')).some((a) => a.entity_id === second.id)).toBe(true);
  });

  it("404s another organization's visitor and lists none of its visits", async () => {
    const other = await createOtherOrganization(t.app, 'owner@visitors-other.example');
    await setVisitorSettings(t.database.db, other.organizationId, OPEN_ALL_DAY);
    const patient = await admittedPatient(t.app, t.database.db, other.headers, { lastName: 'Otherplace' });
    const res = await t
      .as(other.headers)
      .post('/api/visitors', visitorPayload({ firstName: 'Foreign', patientId: patient.id, patientName: patient.name }));
    expect(res.statusCode).toBe(201);
    const id = json(res).visitor.id;
    expect((await t.get(`/api/visitors/${id}`)).statusCode).toBe(404);
    expect((await t.post(`/api/visitors/${id}/check-out`, {})).statusCode).toBe(404);
    expect(json(await t.get('/api/visitors?search=Foreign')).total).toBe(0);
    // The other organization's kiosk cannot reach this one's patients either.
    const mine = await patientInRoom();
    const cross = await t.anon.post(
      `/api/visitors/check-in?organizationId=${other.organizationId}&clinicId=${other.clinicId}`,
      someone({ patientName: mine.name }),
      {
        remoteAddress: freshAddress(),
      },
    );
    expect(cross.statusCode).toBe(404);
  });

  it('exports a date range as CSV, today by default, audited, with spreadsheet formulas defused', async () => {
    const patient = await patientInRoom();
    await kiosk(someone({ firstName: '=HYPERLINK("x")', patientName: patient.name }));
    const res = await t.get('/api/visitors/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="visitors-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Check-in,Check-out,Status,Duration,First name,Last name,Phone,Relationship,Purpose,Patient,Department,Floor,Room,Badge,Access level,Checked in at',
    );
    expect(lines.some((l) => l.includes(`"'=HYPERLINK(""x"")"`) && l.includes(patient.name))).toBe(true);
    expect(res.body).not.toContain('D1234567');
    expect((await t.get('/api/visitors/export.csv?from=2020-01-01&to=2019-01-01')).statusCode).toBe(400);
    expect((await t.get('/api/visitors/export.csv?from=2020-01-01&to=2022-01-01')).statusCode).toBe(400);
    const empty = await t.get('/api/visitors/export.csv?from=2020-01-01&to=2020-01-31');
    expect(empty.body.trim().split('\r\n')).toHaveLength(1);
    expect((await auditEventsOf(t.database.db, 'visitor.export')).length).toBeGreaterThanOrEqual(2);
  });
});

describe('stats', () => {
  it("give today's figures to any member, with no names", async () => {
    const patient = await patientInRoom();
    const a = json(await kiosk(someone({ patientName: patient.name }))).visitor;
    // Half an hour ago, but never before the clinic's midnight: the figures are today's.
    await t.database.db.execute(
      sql`update visitors set check_in_time = greatest(now() - interval '30 minutes', date_trunc('day', now() at time zone ${ZONE}) at time zone ${ZONE})
        where id = ${a.id}`,
    );
    await t.post(`/api/visitors/${a.id}/check-out`, { rating: 5 });
    const res = await t.as('viewer').get('/api/visitors/stats');
    expect(res.statusCode).toBe(200);
    const { stats } = json(res);
    const [{ n: today }] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from visitors where organization_id = ${ORG} and check_in_time >= date_trunc('day', now() at time zone ${ZONE}) at time zone ${ZONE}`,
    );
    const [{ n: inNow }] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from visitors where organization_id = ${ORG} and check_out_time is null and restricted_at is null and valid_until > now()`,
    );
    expect(stats).toMatchObject({ totalVisitorsToday: today, currentlyCheckedIn: inNow, badgeUsage: { active: inNow } });
    expect(stats.securityIncidents).toBeGreaterThanOrEqual(0);
    expect(stats.averageVisitDuration).toBeGreaterThan(0);
    expect(stats.visitorSatisfaction).toBeGreaterThanOrEqual(1);
    expect(stats.peakHours.reduce((n: number, h: { count: number }) => n + h.count, 0)).toBe(today);
    expect(stats.mostVisitedDepartments[0]).toMatchObject({ department: 'Cardiology' });
    expect(res.body).not.toContain(patient.name);
  });
});

describe('idempotent kiosk check-in', () => {
  it('a retry with the same key makes one visitor and replays the first answer', async () => {
    const patient = await patientInRoom();
    const body = someone({ patientName: patient.name });
    const headers = { 'idempotency-key': `visit-${crypto.randomUUID()}` };
    const first = await kiosk(body, headers);
    const retry = await kiosk(body, headers);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(json(retry).visitor.id).toBe(json(first).visitor.id);
    expect(await visitorsOf(patient.id)).toBe(1);
  });
});

describe('kiosk limits per address', () => {
  it('takes 30 check-ins a minute from one address and refuses the 31st with 429', async () => {
    const remoteAddress = freshAddress();
    for (let i = 0; i < 30; i++) {
      const res = await t.anon.post(KIOSK, { firstName: 'Flood' }, { remoteAddress });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.anon.post(KIOSK, { firstName: 'Flood' }, { remoteAddress })).statusCode).toBe(429);
  });

  it('after 10 unknown patient names, refuses the address before matching, a right name included', async () => {
    const patient = await patientInRoom();
    const remoteAddress = freshAddress();
    for (let i = 0; i < 10; i++) {
      const res = await t.anon.post(KIOSK, someone({ patientName: `Guess Number${i}` }), { remoteAddress });
      expect(json(res).code).toBe('visitors/patient-not-found');
    }
    const right = await t.anon.post(KIOSK, someone({ patientName: patient.name }), { remoteAddress });
    expect(right.statusCode).toBe(429);
    expect(await visitorsOf(patient.id)).toBe(0);
    expect((await kiosk(someone({ patientName: patient.name }))).statusCode).toBe(201);
  });
});
