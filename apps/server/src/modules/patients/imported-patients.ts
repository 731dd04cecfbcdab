import type { SyncedField, SyncedValues } from '@clinic/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { patients } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { assertRoomFor } from '../../platform/plan-limits.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { clinicOf, inDirectory } from './patients.service.js';

/**
 * Patients brought in from another system (Sync Patients): created and updated here, as
 * the patients module owns patient writes, each audited with `via` and announced.
 */

const columns = {
  firstName: patients.firstName,
  lastName: patients.lastName,
  dateOfBirth: patients.dateOfBirth,
  gender: patients.gender,
  phone: patients.phone,
  email: patients.email,
  street: patients.street,
  city: patients.city,
  state: patients.state,
  zipCode: patients.zipCode,
  country: patients.country,
} satisfies Record<SyncedField, unknown>;

/** The synced fields of directory patients of the request's organization, by id. */
export async function importedValuesOf(
  { tx, tenant }: Pick<TenantRouteContext, 'tx' | 'tenant'>,
  ids: string[],
): Promise<Map<string, SyncedValues>> {
  if (ids.length === 0) return new Map();
  const found = await tx
    .select({ id: patients.id, ...columns })
    .from(patients)
    .where(and(eq(patients.organizationId, tenant.organizationId), inArray(patients.id, ids), isNull(patients.archivedAt)));
  return new Map(found.map(({ id, ...values }) => [id, values]));
}

/** A directory patient of the request's clinic with this first and last name (ignoring case) and birth date, if one. */
export async function patientByNameAndBirthDate(
  { tx, tenant }: Pick<TenantRouteContext, 'tx' | 'tenant'>,
  values: Pick<SyncedValues, 'firstName' | 'lastName' | 'dateOfBirth'>,
  excluding: string[],
): Promise<string | null> {
  if (!values.dateOfBirth || !values.firstName || !values.lastName) return null;
  const [match] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        inDirectory(tenant),
        sql`lower(${patients.firstName}) = lower(${values.firstName})`,
        sql`lower(${patients.lastName}) = lower(${values.lastName})`,
        eq(patients.dateOfBirth, values.dateOfBirth),
        excluding.length ? sql`${patients.id} <> all(${sql.param(excluding)}::text[])` : undefined,
      ),
    )
    .orderBy(patients.createdAt)
    .limit(1);
  return match?.id ?? null;
}

/** Creates an active patient in the request's clinic from imported values (the plan's patient limit applies). */
export async function createImportedPatient(ctx: TenantRouteContext, values: SyncedValues, via: string): Promise<string> {
  const { tx, tenant, actor } = ctx;
  await assertRoomFor(tx, tenant.organizationId, 'patients');
  const id = newId();
  await tx.insert(patients).values({
    organizationId: tenant.organizationId,
    clinicId: clinicOf(tenant),
    id,
    ...values,
    country: values.country ?? undefined,
    status: 'active',
    createdBy: actor.userId,
    updatedBy: actor.userId,
  });
  await ctx.audit('patient.created', { type: 'patient', id }, { via });
  await ctx.emit('patient.created', id);
  return id;
}

/** Writes imported changes to a patient's synced fields. */
export async function updateImportedPatient(
  ctx: TenantRouteContext,
  patientId: string,
  changes: Partial<SyncedValues>,
  via: string,
): Promise<void> {
  const { tx, tenant, actor } = ctx;
  await tx
    .update(patients)
    .set({ ...changes, country: changes.country ?? undefined, updatedAt: new Date(), updatedBy: actor.userId })
    .where(and(eq(patients.organizationId, tenant.organizationId), eq(patients.id, patientId)));
  await ctx.audit('patient.updated', { type: 'patient', id: patientId }, { fields: Object.keys(changes), via });
  await ctx.emit('patient.updated', patientId);
}
