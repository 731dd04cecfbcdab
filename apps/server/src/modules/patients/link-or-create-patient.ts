import type { KioskCaseBody } from '@clinic/domain';
import { assertRoomFor } from '../../platform/plan-limits.js';
import { and, eq, sql } from 'drizzle-orm';
import { patients } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import type { RouteActor, RouteContext, RouteTenant } from '../../platform/route.js';

const digits = (s: string) => s.replace(/\D/g, '');

/**
 * What a check-in runs with: a route context (staff or public) whose tenant has a clinic, as a
 * public route's always does. The chart is created in that clinic.
 */
export type CheckInContext = RouteContext<RouteTenant & { clinicId: string }, RouteActor>;

/** What a self check-in says about the person (kiosk, later pediatric intake). */
export type CheckInPerson = Pick<
  KioskCaseBody,
  | 'firstName'
  | 'lastName'
  | 'dateOfBirth'
  | 'phoneNumber'
  | 'email'
  | 'gender'
  | 'emergencyContact'
  | 'emergencyPhone'
  | 'allergies'
  | 'currentMedications'
  | 'medicalHistory'
>;

/**
 * The directory patient a check-in belongs to: an existing chart of the same clinic when last name
 * (ignoring case), date of birth and phone digits all match exactly, else a new active record with
 * what the patient gave, audited and announced here (the patients module owns patient creation).
 * Another clinic's charts are never attached from a kiosk: a wrong link would put one person's
 * visit in another's record, a duplicate only costs staff a merge. `via` names the check-in
 * (`'kiosk'`) in the audit row.
 */
export async function linkOrCreatePatient(
  ctx: CheckInContext,
  input: CheckInPerson,
  via: string,
): Promise<{ patientId: string; created: boolean }> {
  const { tx, tenant: place, actor } = ctx;
  if (input.dateOfBirth && input.phoneNumber && digits(input.phoneNumber)) {
    const [match] = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(
        and(
          eq(patients.organizationId, place.organizationId),
          eq(patients.clinicId, place.clinicId),
          sql`lower(${patients.lastName}) = lower(${input.lastName.trim()})`,
          eq(patients.dateOfBirth, input.dateOfBirth),
          eq(patients.phoneDigits, digits(input.phoneNumber)),
          sql`${patients.archivedAt} is null`,
        ),
      )
      .limit(1);
    if (match) return { patientId: match.id, created: false };
  }
  await assertRoomFor(tx, place.organizationId, 'patients');
  const id = newId();
  await tx.insert(patients).values({
    organizationId: place.organizationId,
    clinicId: place.clinicId,
    id,
    firstName: input.firstName,
    lastName: input.lastName,
    dateOfBirth: input.dateOfBirth ?? null,
    phone: input.phoneNumber ?? null,
    email: input.email ?? null,
    gender: input.gender ?? null,
    emergencyContactName: input.emergencyContact ?? null,
    emergencyContactPhone: input.emergencyPhone ?? null,
    allergies: input.allergies,
    currentMedications: input.currentMedications,
    medicalHistory: input.medicalHistory,
    status: 'active',
    createdBy: actor.userId,
  });
  // ctx.audit adds the clinic as details.clinicId; ctx.emit announces it to that clinic.
  await ctx.audit('patient.created', { type: 'patient', id }, { via });
  await ctx.emit('patient.created', id);
  return { patientId: id, created: true };
}
