import { startOfLocalMonth, type PatientDto, type PatientInput, type PatientListQuery, type PatientStatsDto } from '@clinic/domain';
import { and, count, eq, gte, inArray, isNull, max, ne, sql, type SQL } from 'drizzle-orm';
import { patientCounts, patients, patientVisits, type NewPatientRow, type PatientRow } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { RouteTenant, TenantRouteContext, TenantTx } from '../../platform/route.js';
import { orderFor, searchCondition } from './patient-search.js';
import { toPatientDto } from './patients.dto.js';

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

// Spelled out: inside a one-table select Drizzle leaves column names unqualified, which would
// make the correlation compare the visit's own columns.
const lastVisitAt = sql<Date | null>`(
  select max(v.visited_at) from patient_visits v
  where v.organization_id = "patients"."organization_id" and v.patient_id = "patients"."id"
)`.mapWith(patientVisits.visitedAt);

/** The latest visit of each of `patientIds`, unexecuted. */
export function lastVisitsQuery(tx: TenantTx, tenant: DirectoryScope, patientIds: string[]) {
  return tx
    .select({ patientId: patientVisits.patientId, at: max(patientVisits.visitedAt) })
    .from(patientVisits)
    .where(and(eq(patientVisits.organizationId, tenant.organizationId), inArray(patientVisits.patientId, patientIds)))
    .groupBy(patientVisits.patientId);
}

/**
 * The latest visit of each patient of a page, in one query after the page is chosen (a
 * correlated subquery in the page query would also run for every row an OFFSET skips).
 */
async function lastVisitsOf(tx: TenantTx, tenant: DirectoryScope, patientIds: string[]): Promise<Map<string, Date>> {
  if (patientIds.length === 0) return new Map();
  const rows = await lastVisitsQuery(tx, tenant, patientIds);
  return new Map(rows.filter((r) => r.at).map((r) => [r.patientId, r.at!]));
}

/** The conditions of a list query. */
function listWhere(tenant: DirectoryScope, query: PatientListQuery) {
  return and(
    inDirectory(tenant),
    query.status === 'all' ? undefined : eq(patients.status, query.status),
    query.search ? searchCondition(query.search) : undefined,
  );
}

/** The page query of the directory, unexecuted (the scale test explains it). */
export function directoryPageQuery(tx: TenantTx, tenant: DirectoryScope, query: PatientListQuery) {
  return tx
    .select()
    .from(patients)
    .where(listWhere(tenant, query))
    .orderBy(...orderFor(query))
    .limit(query.limit)
    .offset(query.offset);
}

/**
 * The count query of a list, unexecuted. Without a search the total comes from the counts the
 * triggers keep (a few rows); a search counts its matches, which its indexes bound.
 */
export function directoryCountQuery(tx: TenantTx, tenant: DirectoryScope, query: PatientListQuery) {
  if (!query.search) {
    return tx
      .select({ total: sql<number>`coalesce(sum(${patientCounts.n}), 0)::int`.mapWith(Number) })
      .from(patientCounts)
      .where(
        and(
          eq(patientCounts.organizationId, tenant.organizationId),
          eq(patientCounts.clinicId, clinicOf(tenant)),
          query.status === 'all' ? undefined : eq(patientCounts.status, query.status),
        ),
      );
  }
  return tx.select({ total: count() }).from(patients).where(listWhere(tenant, query));
}

/** A page of the directory with its total; the read is audited with the ids it returned. */
export async function listPatients(ctx: TenantRouteContext, query: PatientListQuery) {
  const { tx, tenant } = ctx;
  const rows = await directoryPageQuery(tx, tenant, query);
  const [{ total }] = await directoryCountQuery(tx, tenant, query);
  const lastVisits = await lastVisitsOf(
    tx,
    tenant,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => toPatientDto(r, lastVisits.get(r.id) ?? null));
  await ctx.audit(
    'patient.list',
    { type: 'patient' },
    {
      patientIds: list.map((p) => p.id),
      search: query.search ?? null,
      status: query.status,
      sort: query.sort,
      offset: query.offset,
      total,
    },
  );
  return { patients: list, total, limit: query.limit, offset: query.offset };
}

/** The directory row of one patient, or null. */
async function findPatient({ tx, tenant }: DirectoryReader, patientId: string, lock = false) {
  const q = tx
    .select({ patient: patients, lastVisit: lastVisitAt })
    .from(patients)
    .where(and(inDirectory(tenant), eq(patients.id, patientId)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: patients }) : await q;
  return row ?? null;
}

/** The patient, or a 404 when it is not in this organization and clinic's directory. */
export async function requirePatient(reader: DirectoryReader, patientId: string, lock = false) {
  const row = await findPatient(reader, patientId, lock);
  if (!row) throw notFound('Patient');
  return row;
}

/** One patient; the read is audited. */
export async function getPatient(ctx: TenantRouteContext, patientId: string): Promise<PatientDto> {
  const row = await requirePatient(ctx, patientId);
  await ctx.audit('patient.read', { type: 'patient', id: patientId });
  return toPatientDto(row.patient, row.lastVisit);
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
  return toPatientDto(row, null);
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
  return toPatientDto(row, before.lastVisit);
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
  return toPatientDto(row, before.lastVisit);
}

/** Discharges an active or inactive patient. */
export const dischargePatient = (ctx: TenantRouteContext, patientId: string) => moveTo(ctx, patientId, 'discharged');

/** Makes a discharged or inactive patient active again. */
export const reactivatePatient = (ctx: TenantRouteContext, patientId: string) => moveTo(ctx, patientId, 'active');

/** Takes a patient out of the directory. The record and its visits are kept, never erased. */
export async function archivePatient(ctx: TenantRouteContext, patientId: string): Promise<PatientDto> {
  const { tx, tenant, actor } = ctx;
  const before = await requirePatient(ctx, patientId, true);
  const now = new Date();
  const [row] = await tx
    .update(patients)
    .set({ archivedAt: now, archivedBy: actor.userId, updatedAt: now, updatedBy: actor.userId })
    .where(and(inDirectory(tenant), eq(patients.id, patientId)))
    .returning();
  await ctx.audit('patient.archived', { type: 'patient', id: patientId });
  await ctx.emit('patient.archived', patientId);
  return toPatientDto(row, before.lastVisit);
}

/**
 * Directory counts: total and by status from the kept counts, and patients added since the start of
 * this month in the organization's timezone (a range of the creation-date index).
 */
export async function patientStats({ tx, tenant }: TenantRouteContext): Promise<PatientStatsDto> {
  const monthStart = startOfLocalMonth(tenant.timeZone);
  const byStatus = await tx
    .select({ status: patientCounts.status, n: patientCounts.n })
    .from(patientCounts)
    .where(and(eq(patientCounts.organizationId, tenant.organizationId), eq(patientCounts.clinicId, clinicOf(tenant))));
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
