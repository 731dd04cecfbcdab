import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { patients, patientVisits } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { inDirectory, requirePatient, type DirectoryReader } from './patients.service.js';

/**
 * The contact fields an erasure removes (API names). The name, date of birth, clinical fields,
 * insurance and the visits stay: they are the medical record, kept for the retention period, and
 * the name is what ties the kept record to the person if they come back or a claim needs it.
 */
export const ERASED_CONTACT_FIELDS = [
  'phone',
  'email',
  'address.street',
  'address.city',
  'address.state',
  'address.zipCode',
  'emergencyContactName',
  'emergencyContactRelationship',
  'emergencyContactPhone',
] as const;

/** What another module may know of a directory patient's privacy state. */
export interface PatientPrivacyState {
  id: string;
  clinicId: string;
  name: string;
  processingRestrictedAt: Date | null;
}

/** A patient of the request's clinic directory with its processing restriction; 404 when not found there. */
export async function requirePatientPrivacyState(reader: DirectoryReader, patientId: string, lock = false): Promise<PatientPrivacyState> {
  const { patient } = await requirePatient(reader, patientId, lock);
  return {
    id: patient.id,
    clinicId: patient.clinicId,
    name: `${patient.firstName} ${patient.lastName}`,
    processingRestrictedAt: patient.processingRestrictedAt,
  };
}

/** What an erasure did to the patient's record. */
export interface ProcessingRestriction {
  patientId: string;
  /** The chart and the charts merged into it, whose copies elsewhere are the patient's too. */
  patientIds: string[];
  restrictedAt: Date;
  clearedFields: string[];
  visitsKept: number;
}

/** The contact columns an erasure empties ({@link ERASED_CONTACT_FIELDS}, as `db/schema/person-data.ts` lists them). */
const ERASED_CONTACTS = {
  phone: null,
  email: null,
  street: null,
  city: null,
  state: null,
  zipCode: null,
  emergencyContactName: null,
  emergencyContactRelationship: null,
  emergencyContactPhone: null,
} as const;

/**
 * The charts merged into `patientId` (a merge archives the chart public input made, with what that
 * input said), and those merged into them in turn.
 */
async function chartsMergedInto(ctx: Pick<TenantRouteContext, 'tx' | 'tenant'>, patientId: string): Promise<string[]> {
  const org = ctx.tenant.organizationId;
  const found = await ctx.tx.execute(sql`
    with recursive merged(id) as (
      select patient_id from patient_possible_matches
       where organization_id = ${org} and match_patient_id = ${patientId} and resolution = 'merged'
      union
      select m.patient_id from patient_possible_matches m join merged on m.match_patient_id = merged.id
       where m.organization_id = ${org} and m.resolution = 'merged')
    select id from merged`);
  return (found.rows as Array<{ id: string }>).map((r) => r.id).filter((id) => id !== patientId);
}

/**
 * The erasure of a patient inside the retention period: processing is restricted (the record is
 * marked) and the contact fields are removed; the record itself, its name and its visits are kept.
 * The charts merged into it (archived) lose their contact fields too. A record already restricted
 * is a 409. Audited (fields, not values) and announced as an update.
 */
export async function restrictPatientProcessing(ctx: TenantRouteContext, patientId: string): Promise<ProcessingRestriction> {
  const { tx, tenant, actor } = ctx;
  const { patient } = await requirePatient(ctx, patientId, true);
  if (patient.processingRestrictedAt) {
    throw new AppError('conflict/processing-restricted', "This patient's processing is already restricted and contact details removed.");
  }
  const now = new Date();
  await tx
    .update(patients)
    .set({
      ...ERASED_CONTACTS,
      processingRestrictedAt: now,
      processingRestrictedBy: actor.userId,
      updatedAt: now,
      updatedBy: actor.userId,
    })
    .where(and(inDirectory(tenant), eq(patients.id, patientId), isNull(patients.processingRestrictedAt)));
  const merged = await chartsMergedInto(ctx, patientId);
  if (merged.length > 0) {
    await tx
      .update(patients)
      .set({ ...ERASED_CONTACTS, processingRestrictedAt: now, processingRestrictedBy: actor.userId, updatedAt: now, updatedBy: actor.userId })
      .where(and(eq(patients.organizationId, tenant.organizationId), inArray(patients.id, merged)));
  }
  const [{ visits }] = await tx
    .select({ visits: count() })
    .from(patientVisits)
    .where(and(eq(patientVisits.organizationId, tenant.organizationId), eq(patientVisits.patientId, patientId)));
  const clearedFields = [...ERASED_CONTACT_FIELDS];
  await ctx.audit(
    'patient.processing-restricted',
    { type: 'patient', id: patientId },
    { fields: clearedFields, visitsKept: visits, mergedCharts: merged },
  );
  await ctx.emit('patient.updated', patientId);
  return { patientId, patientIds: [patientId, ...merged], restrictedAt: now, clearedFields, visitsKept: visits };
}
