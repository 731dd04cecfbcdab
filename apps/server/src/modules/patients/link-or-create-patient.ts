import type { KioskCaseBody } from '@clinic/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { patients } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { newId } from '../../platform/crypto.js';
import { publishEvent } from '../../platform/events.js';

const digits = (s: string) => s.replace(/\D/g, '');

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
 * visit in another's record, a duplicate only costs staff a merge.
 * Takes a plain `Tx` while the kiosk still opens its own transaction; a route context's `TenantTx`
 * is one too, so converted callers pass `ctx.tx`.
 */
export async function linkOrCreatePatient(
  tx: Tx,
  place: { organizationId: string; clinicId: string },
  input: CheckInPerson,
  actor: { userId: string | null; ip: string; via: string },
): Promise<{ patientId: string; created: boolean }> {
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
  await recordAudit(tx, {
    organizationId: place.organizationId,
    actorUserId: actor.userId,
    action: 'patient.created',
    entityType: 'patient',
    entityId: id,
    ip: actor.ip,
    details: { via: actor.via, clinicId: place.clinicId },
  });
  await publishEvent(tx, { organizationId: place.organizationId, clinicId: place.clinicId, type: 'patient.created', entityId: id });
  return { patientId: id, created: true };
}
