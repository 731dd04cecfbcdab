import type { KioskCaseBody } from '@clinic/domain';
import { assertRoomAtCommit } from '../../platform/plan-limits.js';
import { patients } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import type { RouteActor, RouteContext, RouteTenant } from '../../platform/route/index.js';
import { flagPossibleMatches } from './possible-matches.js';

/**
 * What a check-in runs with: a route context (staff or public) whose tenant has a clinic, as a
 * public route's always does. The chart is created in that clinic.
 */
export type CheckInContext = RouteContext<RouteTenant & { clinicId: string }, RouteActor>;

/** What a self check-in says about the person (kiosk, pediatric intake). */
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
 * The chart of a self check-in: always a new active record with what the person gave, audited and
 * announced here (the patients module owns patient creation). Public input never reads or changes
 * an existing chart, whatever it says: anyone can type a neighbour's name, birth date and phone.
 * An existing chart of the clinic that looks like the same person is flagged beside the new one
 * for staff to merge ({@link flagPossibleMatches}); the caller learns nothing of it. `via` names
 * the check-in (`'kiosk'`, `'pediatric-intake'`) in the audit row and on the flag.
 */
export async function createCheckInPatient(ctx: CheckInContext, input: CheckInPerson, via: string): Promise<{ patientId: string }> {
  const { tx, tenant: place, actor } = ctx;
  await assertRoomAtCommit(tx, place.organizationId, 'patients');
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
  await flagPossibleMatches(ctx, id, via);
  return { patientId: id };
}
