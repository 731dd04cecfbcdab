import {
  badgeNumberFrom,
  badgeValidUntil,
  DEFAULT_ACCESS_LEVEL,
  DEFAULT_BADGE_TYPE,
  failsHealthScreening,
  isWithinVisitingHours,
  KIOSK_BADGE_ISSUER,
  localDate,
  matchesWatchList,
  nameKey,
  namesPerson,
  outsideHoursMessage,
  patientLimitReached,
  phoneDigits,
  roomKey,
  VISITOR_REFUSALS,
  visitorFieldsProblem,
  visitorPolicyOf,
  type StaffVisitorCheckInBody,
  type VisitorCheckInBody,
} from '@clinic/domain';
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { visitorBadges, visitors, visitorWatchList } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { AppError, CommittedRefusal } from '../../platform/errors.js';
import type { PublicRouteContext, RouteContext, RouteTenant, RouteActor, TenantTx } from '../../platform/route/index.js';
import { patientsInCare, type PatientInCare } from '../patients/index.js';
import { toBadgeDto, toVisitorDto } from './visitors.dto.js';

/** Where a check-in comes from: the public kiosk, or staff at the console (who may override the hours). */
export type CheckInSource = { via: 'kiosk' } | { via: 'staff'; body: StaffVisitorCheckInBody };

type AnyContext = RouteContext<RouteTenant, RouteActor>;

/** Badge colours by access level, for the printed badge's stripe. */
const BADGE_COLORS: Record<string, string> = { General: 'blue', VIP: 'violet', Restricted: 'red', Emergency: 'orange' };
/** Numbers tried before giving up (260,000 per day exist; a clash is rare, ten in a row is not credible). */
const BADGE_ATTEMPTS = 10;

const refusal = (code: keyof typeof VISITOR_REFUSALS, message: string = VISITOR_REFUSALS[code]) => new AppError(code, message);

/**
 * An entry of the watch list in force that the person matches: same name (accents and case aside)
 * and the same phone number or ID number.
 */
async function watchListMatch(tx: TenantTx, organizationId: string, input: VisitorCheckInBody) {
  const entries = await tx
    .select()
    .from(visitorWatchList)
    .where(
      and(
        eq(visitorWatchList.organizationId, organizationId),
        eq(visitorWatchList.nameKey, nameKey(`${input.firstName} ${input.lastName}`)),
        isNull(visitorWatchList.liftedAt),
      ),
    );
  const person = { firstName: input.firstName!, lastName: input.lastName!, phone: input.phone, idNumber: input.idDocument?.number };
  return entries.find((e) => matchesWatchList(e, person)) ?? null;
}

/**
 * The one patient in care the check-in names: by id (staff), else by room number at a kiosk of an
 * organization whose lookup is `room` (when the visitor gave one), else by name among the patients
 * in care, accents and case aside. None, several, or (at the kiosk) one who opted out of the
 * facility directory are the same refusal, so the answer says nothing about who is in the hospital.
 */
async function findPatient(ctx: AnyContext, input: VisitorCheckInBody, source: CheckInSource, byRoom: boolean): Promise<PatientInCare> {
  const organizationId = ctx.tenant.organizationId;
  const byId = source.via === 'staff' ? source.body.patientId : undefined;
  const candidates = await patientsInCare(ctx.tx, organizationId, byId);
  const matches = byId
    ? candidates
    : byRoom
      ? candidates.filter((p) => p.roomNumber !== null && roomKey(p.roomNumber) === roomKey(input.patientRoom))
      : candidates.filter((p) => !!input.patientName && namesPerson(input.patientName, p.firstName, p.lastName));
  const [patient] = matches;
  if (matches.length !== 1 || (source.via === 'kiosk' && patient.directoryOptOut)) throw refusal('visitors/patient-not-found');
  return patient;
}

/**
 * Visitors of the patient checked in at `now` (not out, not restricted, badge still valid), counted
 * under a transaction-scoped lock of the patient: a simultaneous check-in for the same patient waits
 * here until this one commits, then counts this one's visitor.
 */
async function lockAndCountVisitors(tx: TenantTx, organizationId: string, patientId: string, now: Date): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`visitors:${organizationId}:${patientId}`}, 0))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(visitors)
    .where(
      and(
        eq(visitors.organizationId, organizationId),
        eq(visitors.patientId, patientId),
        isNull(visitors.checkOutTime),
        isNull(visitors.restrictedAt),
        gt(visitors.validUntil, now),
      ),
    );
  return row.n;
}

/** True when `number` is on a badge still valid at `now` (a badge of yesterday evening may be). */
async function numberInUse(tx: TenantTx, organizationId: string, number: string, now: Date): Promise<boolean> {
  const found = await tx
    .select({ id: visitorBadges.id })
    .from(visitorBadges)
    .where(
      and(
        eq(visitorBadges.organizationId, organizationId),
        eq(visitorBadges.badgeNumber, number),
        gt(visitorBadges.validUntil, now),
        isNull(visitorBadges.revokedAt),
      ),
    )
    .limit(1);
  return found.length > 0;
}

/**
 * Issues the visit's badge: a random number unique among the organization's badges of the local
 * day (the unique index decides between simultaneous check-ins: `ON CONFLICT DO NOTHING` waits for
 * the other transaction and then yields no row, and another number is tried) and among those still
 * valid from earlier days.
 */
async function issueBadge(ctx: AnyContext, visitorId: string, now: Date, validUntil: Date, issuedBy: string) {
  const { tx, tenant } = ctx;
  const issuedOn = localDate(tenant.timeZone, now);
  for (let attempt = 0; attempt < BADGE_ATTEMPTS; attempt++) {
    const badgeNumber = badgeNumberFrom(() => randomInt(0, 1_000_000) / 1_000_000);
    if (await numberInUse(tx, tenant.organizationId, badgeNumber, now)) continue;
    const [badge] = await tx
      .insert(visitorBadges)
      .values({
        organizationId: tenant.organizationId,
        id: newId(),
        visitorId,
        badgeNumber,
        issuedOn,
        badgeType: DEFAULT_BADGE_TYPE,
        color: BADGE_COLORS[DEFAULT_ACCESS_LEVEL],
        validUntil,
        accessLevel: DEFAULT_ACCESS_LEVEL,
        printed: false,
        issuedBy,
        issuedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (badge) return badge;
  }
  throw new AppError('service/unavailable', 'No badge number is free right now. Please try again.');
}

/**
 * A visitor's check-in, at the kiosk or by staff. Refusals come in this order: required
 * fields, restricted (audited and raised to staff as a security alert, and committed: the reply is
 * a {@link CommittedRefusal}), visiting hours (staff may override with a reason, audited), health
 * screening, the patient match, the per-patient limit. Then the visit and its badge are written,
 * audited (`visitor.checked-in`) and announced (`visitors.updated`).
 */
export async function checkInVisitor(ctx: AnyContext, input: VisitorCheckInBody, source: CheckInSource, now = new Date()) {
  const { tx, tenant } = ctx;
  const clinicId = tenant.clinicId;
  if (!clinicId) throw new AppError('request/no-clinic', 'Select a clinic to check visitors in.');
  const problem = visitorFieldsProblem(input);
  if (problem) throw new AppError('validation/required', problem);

  const watched = await watchListMatch(tx, tenant.organizationId, input);
  if (watched) {
    await ctx.audit('visitor.restricted-refused', { type: 'visitor_watch_list', id: watched.id }, { via: source.via, alert: 'ACTIVE' });
    await ctx.emit('visitors.security-alert', watched.id);
    return new CommittedRefusal(refusal('visitors/restricted'));
  }

  const policy = visitorPolicyOf(tenant.organization.settings);
  // Emergency mode (the organization panel) lifts the visitor limits: hours and visitors per patient.
  const emergencyMode = (tenant.organization.settings as { emergencyMode?: unknown } | null)?.emergencyMode === true;
  const override = source.via === 'staff' && source.body.overrideHours ? source.body.overrideReason! : null;
  const inHours = emergencyMode || isWithinVisitingHours(policy, tenant.timeZone, now);
  if (!inHours && !override) throw refusal('visitors/outside-hours', outsideHoursMessage(policy));

  if (failsHealthScreening(input.temperature, input.symptoms)) throw refusal('visitors/health-screening');

  // A room number finds the patient only at a kiosk of an organization that prefers it, and only
  // when no name was given; staff name the patient (or pick them by id).
  const byRoom = source.via === 'kiosk' && policy.patientLookup === 'room' && !input.patientName && !!roomKey(input.patientRoom);
  const patient = await findPatient(ctx, input, source, byRoom);
  const checkedIn = await lockAndCountVisitors(tx, tenant.organizationId, patient.id, now);
  if (!emergencyMode && patientLimitReached(checkedIn, policy.maxVisitorsPerPatient)) throw refusal('visitors/patient-limit');

  const validUntil = badgeValidUntil(now, policy.badgeValidHours);
  const staff = source.via === 'staff' ? source.body : null;
  const id = newId();
  const [row] = await tx
    .insert(visitors)
    .values({
      organizationId: tenant.organizationId,
      id,
      clinicId,
      firstName: input.firstName!,
      lastName: input.lastName!,
      email: input.email ?? null,
      phone: input.phone!,
      phoneDigits: phoneDigits(input.phone),
      relationship: input.relationship!,
      visitPurpose: input.visitPurpose!,
      patientId: patient.id,
      patientName: `${patient.firstName} ${patient.lastName}`,
      department: patient.department,
      floor: patient.floor,
      roomNumber: patient.roomNumber,
      checkInTime: now,
      validUntil,
      badgeNumber: 'pending',
      accessLevel: DEFAULT_ACCESS_LEVEL,
      escortRequired: staff?.escortRequired ?? false,
      escortName: staff?.escortName ?? null,
      specialInstructions: input.specialInstructions ?? null,
      idDocumentType: input.idDocument?.type ?? null,
      idDocumentNumber: input.idDocument?.number ?? null,
      idDocumentIssuedBy: input.idDocument?.issuedBy ?? null,
      emergencyContactName: input.emergencyContact?.name ?? null,
      emergencyContactPhone: input.emergencyContact?.phone ?? null,
      emergencyContactRelationship: input.emergencyContact?.relationship ?? null,
      healthScreening: input.healthScreening === true,
      temperature: input.temperature ?? null,
      symptoms: input.symptoms,
      wheelchairAccess: input.wheelchairAccess ?? false,
      source: source.via,
      hoursOverrideReason: inHours ? null : override,
      checkedInBy: ctx.actor.userId,
    })
    .returning();
  const badge = await issueBadge(ctx, id, now, validUntil, source.via === 'kiosk' ? KIOSK_BADGE_ISSUER : 'Staff');
  const [visitor] = await tx
    .update(visitors)
    .set({ badgeNumber: badge.badgeNumber })
    .where(and(eq(visitors.organizationId, tenant.organizationId), eq(visitors.id, row.id)))
    .returning();

  if (!inHours) {
    await ctx.audit('visitor.hours-overridden', { type: 'visitor', id }, { reason: override, patientId: patient.id });
  }
  await ctx.audit('visitor.checked-in', { type: 'visitor', id }, { via: source.via, patientId: patient.id, badgeNumber: badge.badgeNumber });
  await ctx.emit('visitors.updated', id);
  const visitorDto = toVisitorDto(visitor, now);
  // A visitor who gave only the room learns nothing more of who is in it: not the patient's name.
  if (byRoom) visitorDto.patientName = `Room ${patient.roomNumber}`;
  return { visitor: visitorDto, badge: toBadgeDto(badge) };
}

/** The kiosk's check-in: {@link checkInVisitor} from the public route. */
export const kioskCheckIn = (ctx: PublicRouteContext, input: VisitorCheckInBody) => checkInVisitor(ctx, input, { via: 'kiosk' });
