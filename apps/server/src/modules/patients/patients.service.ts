import { assertRoomAtCommit } from '../../platform/plan-limits.js';
import { startOfLocalMonth, type PatientDto, type PatientInput, type PatientStatsDto } from '@clinic/domain';
import { and, count, eq, gte, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { patientCounts, patients, type NewPatientRow, type PatientRow } from '../../db/schema/index.js';
import { toPatientJson } from '../../db/patient-json.js';
import { newId } from '../../platform/crypto.js';
import { AppError, notFound } from '../../platform/errors.js';
import { finalRead, prepared, type RouteTenant, type TenantRouteContext, type TenantTx } from '../../platform/route/index.js';

/** The organization and clinic a directory query is scoped to. */
export type DirectoryScope = Pick<RouteTenant, 'organizationId' | 'clinicId'>;
/** What a read that neither audits nor emits needs: the tenant transaction and its scope. */
export interface DirectoryReader {
  tx: TenantTx;
  tenant: DirectoryScope;
}

/** The clinic patients are kept in: the request's clinic. An organization without one has no directory yet. */
export function clinicOf(tenant: DirectoryScope): string {
  if (!tenant.clinicId) throw new AppError('request/no-clinic', 'Select a clinic to manage its patients.');
  return tenant.clinicId;
}

/** Rows of the request's organization and clinic that are still in the directory (not archived). */
export function inDirectory(tenant: DirectoryScope): SQL {
  return and(eq(patients.organizationId, tenant.organizationId), eq(patients.clinicId, clinicOf(tenant)), isNull(patients.archivedAt))!;
}

/** One directory patient, by the placeholders `organizationId`, `clinicId` and `id`. */
const onePatient = () =>
  and(
    eq(patients.organizationId, sql.placeholder('organizationId')),
    eq(patients.clinicId, sql.placeholder('clinicId')),
    isNull(patients.archivedAt),
    eq(patients.id, sql.placeholder('id')),
  );

/** The directory row of one patient, as a statement with placeholders (prepared per connection). */
function patientRowStatement(tx: TenantTx, lock: boolean) {
  const q = tx.select({ patient: patients }).from(patients).where(onePatient()).limit(1);
  return lock ? q.for('update', { of: patients }) : q;
}

/** The directory row of one patient, or null. */
async function findPatient({ tx, tenant }: DirectoryReader, patientId: string, lock = false) {
  const statement = lock
    ? prepared(tx, 'patients_row_for_update', (t) => patientRowStatement(t, true))
    : prepared(tx, 'patients_row', (t) => patientRowStatement(t, false));
  const [row] = await statement.execute({ organizationId: tenant.organizationId, clinicId: clinicOf(tenant), id: patientId });
  return row ?? null;
}

/** The patient, or a 404 when it is not in this organization and clinic's directory. */
export async function requirePatient(reader: DirectoryReader, patientId: string, lock = false) {
  const row = await findPatient(reader, patientId, lock);
  if (!row) throw notFound('Patient');
  return row;
}

/**
 * One patient as the JSON text the API returns (the row's `dto_json`, written by the database);
 * the read is audited. The audit row goes with the read and the COMMIT (one round trip) and is
 * written only when the patient is found.
 */
export async function getPatient(ctx: TenantRouteContext, patientId: string): Promise<string> {
  await ctx.audit('patient.read', { type: 'patient', id: patientId });
  const [row] = await finalRead(
    ctx.tx,
    'patients_json',
    (t) =>
      t
        .select({ patient: sql<string>`${patients.dtoJson}` })
        .from(patients)
        .where(onePatient())
        .limit(1),
    { organizationId: ctx.tenant.organizationId, clinicId: clinicOf(ctx.tenant), id: patientId },
    'if-found',
  );
  if (!row) throw notFound('Patient');
  return row.patient;
}

function columnsOf(input: PatientInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    dateOfBirth: input.dateOfBirth,
    gender: input.gender,
    street: input.address.street,
    city: input.address.city,
    state: input.address.state,
    zipCode: input.address.zipCode,
    country: input.address.country,
    emergencyContactName: input.emergencyContactName,
    emergencyContactRelationship: input.emergencyContactRelationship,
    emergencyContactPhone: input.emergencyContactPhone,
    bloodType: input.bloodType ?? null,
    allergies: input.allergies,
    currentMedications: input.currentMedications,
    medicalHistory: input.medicalHistory,
    insuranceProvider: input.insuranceProvider ?? null,
    insuranceNumber: input.insuranceNumber ?? null,
  } satisfies Partial<NewPatientRow>;
}

/** Adds a patient to the request's clinic, active (the spec's rule for new patients). */
export async function createPatient(ctx: TenantRouteContext, input: PatientInput): Promise<PatientDto> {
  const { tx, tenant, actor } = ctx;
  await assertRoomAtCommit(tx, tenant.organizationId, 'patients');
  const id = newId();
  const [row] = await tx
    .insert(patients)
    .values({
      organizationId: tenant.organizationId,
      clinicId: clinicOf(tenant),
      id,
      ...columnsOf(input),
      status: 'active',
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning();
  await ctx.audit('patient.created', { type: 'patient', id });
  await ctx.emit('patient.created', id);
  return toPatientJson(row);
}

/** Names of the fields whose value differs (the audit keeps which fields changed, not the values). */
function changedFields(before: PatientRow, after: ReturnType<typeof columnsOf>): string[] {
  return Object.entries(after)
    .filter(([key, value]) => JSON.stringify(before[key as keyof PatientRow] ?? null) !== JSON.stringify(value ?? null))
    .map(([key]) => key);
}

/** Replaces a patient's details (status changes have their own calls). */
export async function updatePatient(ctx: TenantRouteContext, patientId: string, input: PatientInput): Promise<PatientDto> {
  const { tx, tenant, actor } = ctx;
  const before = await requirePatient(ctx, patientId, true);
  const values = columnsOf(input);
  const [row] = await tx
    .update(patients)
    .set({ ...values, updatedAt: new Date(), updatedBy: actor.userId })
    .where(and(inDirectory(tenant), eq(patients.id, patientId)))
    .returning();
  await ctx.audit('patient.updated', { type: 'patient', id: patientId }, { fields: changedFields(before.patient, values) });
  await ctx.emit('patient.updated', patientId);
  return toPatientJson(row);
}

/** Moves a patient to `status`; a patient already there is a 409. */
async function moveTo(ctx: TenantRouteContext, patientId: string, status: 'active' | 'discharged') {
  const { tx, tenant, actor } = ctx;
  const before = await requirePatient(ctx, patientId, true);
  if (before.patient.status === status) {
    throw new AppError('conflict/patient-status', status === 'discharged' ? 'Patient is already discharged.' : 'Patient is already active.');
  }
  const now = new Date();
  const [row] = await tx
    .update(patients)
    .set({ status, dischargedAt: status === 'discharged' ? now : null, updatedAt: now, updatedBy: actor.userId })
    .where(and(inDirectory(tenant), eq(patients.id, patientId), ne(patients.status, status)))
    .returning();
  const action = status === 'discharged' ? 'patient.discharged' : 'patient.reactivated';
  await ctx.audit(action, { type: 'patient', id: patientId }, { from: before.patient.status });
  await ctx.emit(action, patientId);
  return toPatientJson(row);
}

/** Discharges an active or inactive patient. */
export const dischargePatient = (ctx: TenantRouteContext, patientId: string) => moveTo(ctx, patientId, 'discharged');

/** Makes a discharged or inactive patient active again. */
export const reactivatePatient = (ctx: TenantRouteContext, patientId: string) => moveTo(ctx, patientId, 'active');

/** Takes a patient out of the directory. The record and its visits are kept, never erased. */
export async function archivePatient(ctx: TenantRouteContext, patientId: string): Promise<PatientDto> {
  const { tx, tenant, actor } = ctx;
  await requirePatient(ctx, patientId, true);
  const now = new Date();
  const [row] = await tx
    .update(patients)
    .set({ archivedAt: now, archivedBy: actor.userId, updatedAt: now, updatedBy: actor.userId })
    .where(and(inDirectory(tenant), eq(patients.id, patientId)))
    .returning();
  await ctx.audit('patient.archived', { type: 'patient', id: patientId });
  await ctx.emit('patient.archived', patientId);
  return toPatientJson(row);
}

/**
 * Directory counts: total and by status from the kept counts, and patients added since the start of
 * this month in the organization's timezone (a range of the creation-date index).
 */
export async function patientStats({ tx, tenant }: TenantRouteContext): Promise<PatientStatsDto> {
  const monthStart = startOfLocalMonth(tenant.timeZone);
  const byStatus = await tx
    .select({ status: patientCounts.status, n: sql<number>`sum(${patientCounts.n})::int` })
    .from(patientCounts)
    .where(and(eq(patientCounts.organizationId, tenant.organizationId), eq(patientCounts.clinicId, clinicOf(tenant))))
    .groupBy(patientCounts.status);
  const [{ newThisMonth }] = await tx
    .select({ newThisMonth: count() })
    .from(patients)
    .where(and(inDirectory(tenant), gte(patients.createdAt, monthStart)));
  const of = (status: string) => byStatus.find((r) => r.status === status)?.n ?? 0;
  return {
    total: byStatus.reduce((sum, r) => sum + r.n, 0),
    active: of('active'),
    inactive: of('inactive'),
    discharged: of('discharged'),
    newThisMonth,
  };
}
