import { badgeValidUntil, documentKey, localDate, localTimeToInstant, nameKey, phoneDigits } from '@clinic/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.js';
import { auditEvents, patients, visitorBadges, visitors, visitorWatchList, type NewPatientRow } from '../schema/index.js';

/**
 * The demo visitors: a few patients in rooms (one left out of the facility directory), visits
 * across the last 14 days (checked out, some rated), today's visitors still in, one whose badge
 * has expired, and one restricted visitor on the watch list, so the console, its charts and the
 * kiosk work on a fresh `npm start`. Times are relative to the day of seeding; the data is fixed
 * (no randomness), so two seeds look alike. Runs in the seed's tenant transaction.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Where the in-care demo patients are: department, floor, room. */
const ROOMS: ReadonlyArray<[department: string, floor: string, room: string]> = [
  ['Cardiology', '3', '305'],
  ['Maternity', '2', '214'],
  ['Orthopedics', '4', '410'],
  ['Pediatrics', '2', '221'],
  ['Oncology', '5', '512'],
  ['Neurology', '6', '608'],
];

const VISITOR_NAMES: ReadonlyArray<[string, string]> = [
  ['Ana', 'Lopez'],
  ['Ben', 'Carter'],
  ['Chloe', 'Nguyen'],
  ['Diego', 'Ramos'],
  ['Ella', 'Fischer'],
  ['Farah', 'Haddad'],
  ['George', 'Ito'],
  ['Hannah', 'Kowalski'],
  ['Isaac', 'Mensah'],
  ['Julia', 'Rossi'],
  ['Kofi', 'Asante'],
  ['Lena', 'Berg'],
  ['Marco', 'Bianchi'],
  ['Nina', 'Patel'],
  ['Omar', 'Saleh'],
  ['Priya', 'Shah'],
];
/** The one restricted visitor, who never visits otherwise. */
const RESTRICTED_VISITOR: [string, string] = ['Rex', 'Banner'];
const RELATIONSHIPS = ['Family', 'Friend', 'Family', 'Legal', 'Clergy', 'Family', 'Other'] as const;
const PURPOSES = ['Visit Patient', 'Visit Patient', 'Medical Consultation', 'Visit Patient', 'Delivery', 'Business Meeting'] as const;
const LETTERS = 'ABCDEFGHJKLMNPRSTUWXYZ';

interface SeedVisit {
  at: Date;
  minutes: number | null;
  visitor: number;
  patient: number;
  rating?: number;
  restricted?: boolean;
  expired?: boolean;
}

/** Visits of the past days: 3 to 8 a day between 9:00 and 18:40 local, each checked out. */
function pastVisits(timeZone: string, now: Date): SeedVisit[] {
  const out: SeedVisit[] = [];
  for (let daysAgo = 14; daysAgo >= 1; daysAgo--) {
    const date = localDate(timeZone, new Date(now.getTime() - daysAgo * DAY_MS));
    const count = 3 + ((daysAgo * 5) % 6);
    for (let i = 0; i < count; i++) {
      const minuteOfDay = 9 * 60 + ((daysAgo * 97 + i * 131) % (9 * 60 + 40));
      const time = `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
      out.push({
        at: localTimeToInstant(timeZone, date, time),
        minutes: 15 + ((daysAgo * 37 + i * 53) % 150),
        visitor: (daysAgo * 3 + i) % VISITOR_NAMES.length,
        patient: (daysAgo + i) % ROOMS.length,
        rating: (daysAgo + i) % 3 === 0 ? 3 + ((daysAgo + i) % 3) : (daysAgo + i) % 3 === 1 ? 5 : undefined,
        restricted: daysAgo === 2 && i === 0,
      });
    }
  }
  return out;
}

/** Today's visits relative to now: three still in, two gone, one past its badge's 8 hours. */
function todaysVisits(now: Date): SeedVisit[] {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE_MS);
  return [
    { at: ago(20), minutes: null, visitor: 1, patient: 0 },
    { at: ago(45), minutes: null, visitor: 4, patient: 1 },
    { at: ago(95), minutes: null, visitor: 9, patient: 2 },
    { at: ago(240), minutes: 70, visitor: 6, patient: 0, rating: 5 },
    { at: ago(180), minutes: 35, visitor: 12, patient: 3, rating: 4 },
    { at: ago(9 * 60), minutes: null, visitor: 14, patient: 4, expired: true },
  ];
}

/** Seeds the demo visitors for the organization's clinic; `directory` is the seeded patient list. */
export async function seedVisitors(
  tx: Tx,
  scope: { organizationId: string; clinicId: string; timeZone: string },
  staffUserId: string,
  directory: readonly NewPatientRow[],
  now: Date,
): Promise<void> {
  const { organizationId, clinicId, timeZone } = scope;
  const inCare = directory.filter((p) => p.status === 'active').slice(0, ROOMS.length);
  for (const [i, p] of inCare.entries()) {
    const [careDepartment, floor, roomNumber] = ROOMS[i];
    await tx
      .update(patients)
      .set({ careDepartment, floor, roomNumber, directoryOptOut: i === ROOMS.length - 1 })
      .where(and(eq(patients.organizationId, organizationId), eq(patients.id, p.id!)));
  }
  const located = await tx
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.organizationId, organizationId),
        inArray(
          patients.id,
          inCare.map((p) => p.id!),
        ),
      ),
    );
  const byRoom = ROOMS.map(([, , room]) => located.find((p) => p.roomNumber === room)!);

  const visitRows: Array<typeof visitors.$inferInsert> = [];
  const badgeRows: Array<typeof visitorBadges.$inferInsert> = [];
  const auditRows: Array<typeof auditEvents.$inferInsert> = [];
  const perDay = new Map<string, number>();
  const visits = [...pastVisits(timeZone, now), ...todaysVisits(now)];
  for (const [n, v] of visits.entries()) {
    const id = crypto.randomUUID();
    const [firstName, lastName] = v.restricted ? RESTRICTED_VISITOR : VISITOR_NAMES[v.visitor];
    const personNo = v.restricted ? VISITOR_NAMES.length : v.visitor;
    const phone = `(555) 014-${String(1000 + personNo * 7).slice(-4)}`;
    const idNumber = `D${String(4_000_000 + personNo * 1_111).padStart(7, '0')}`;
    const patient = byRoom[v.patient];
    const [department, floor, room] = ROOMS[v.patient];
    const issuedOn = localDate(timeZone, v.at);
    const index = perDay.get(issuedOn) ?? 0;
    perDay.set(issuedOn, index + 1);
    const badgeNumber = `V${LETTERS[index % LETTERS.length]}${String((n * 379 + 1000) % 10_000).padStart(4, '0')}`;
    const validUntil = badgeValidUntil(v.at);
    const checkOutTime = v.minutes === null ? null : new Date(v.at.getTime() + v.minutes * MINUTE_MS);
    const kiosk = n % 3 !== 0;
    visitRows.push({
      organizationId,
      id,
      clinicId,
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.org`,
      phone,
      phoneDigits: phoneDigits(phone),
      relationship: RELATIONSHIPS[n % RELATIONSHIPS.length],
      visitPurpose: PURPOSES[n % PURPOSES.length],
      patientId: patient.id,
      patientName: `${patient.firstName} ${patient.lastName}`,
      department,
      floor,
      roomNumber: room,
      checkInTime: v.at,
      checkOutTime,
      validUntil,
      badgeNumber,
      idDocumentType: n % 2 ? 'Driver License' : 'State ID',
      idDocumentNumber: idNumber,
      idDocumentIssuedBy: 'CA',
      healthScreening: true,
      temperature: 97.8 + (n % 8) / 10,
      source: kiosk ? 'kiosk' : 'staff',
      rating: v.rating ?? null,
      restrictedAt: v.restricted ? checkOutTime : null,
      checkedInBy: kiosk ? null : staffUserId,
      checkedOutBy: checkOutTime ? staffUserId : null,
    });
    badgeRows.push({
      organizationId,
      id: crypto.randomUUID(),
      visitorId: id,
      badgeNumber,
      issuedOn,
      color: 'blue',
      validUntil,
      issuedBy: kiosk ? 'System' : 'Staff',
      issuedAt: v.at,
      printed: !kiosk,
    });
    const entity = { type: 'visitor', id };
    const audit = (action: string, at: Date, actor: string | null, details: Record<string, unknown>) =>
      auditRows.push({
        id: crypto.randomUUID(),
        organizationId,
        actorUserId: actor,
        action,
        entityType: entity.type,
        entityId: entity.id,
        details: { clinicId, ...details },
        at,
      });
    audit('visitor.checked-in', v.at, kiosk ? null : staffUserId, { via: kiosk ? 'kiosk' : 'staff', patientId: patient.id, badgeNumber });
    if (checkOutTime) audit('visitor.checked-out', checkOutTime, staffUserId, { patientId: patient.id, badgeNumber, rating: v.rating ?? null });
    if (v.restricted && checkOutTime) {
      const reason = 'Disruptive behaviour toward staff';
      await tx.insert(visitors).values(visitRows.splice(0)); // the watch-list entry names this visit
      await tx.insert(visitorWatchList).values({
        organizationId,
        id: crypto.randomUUID(),
        firstName,
        lastName,
        nameKey: nameKey(`${firstName} ${lastName}`),
        phoneDigits: phoneDigits(phone),
        documentKey: documentKey(idNumber),
        reason,
        visitorId: id,
        createdBy: staffUserId,
        createdAt: checkOutTime,
      });
      audit('visitor.restricted', checkOutTime, staffUserId, { reason });
    }
  }
  if (visitRows.length) await tx.insert(visitors).values(visitRows);
  await tx.insert(visitorBadges).values(badgeRows);
  await tx.insert(auditEvents).values(auditRows);
}
