import { assertRoomFor } from '../../platform/plan-limits.js';
import {
  DEFAULT_SORT_DIRECTION,
  startOfLocalMonth,
  type PatientDto,
  type PatientInput,
  type PatientListQuery,
  type PatientStatsDto,
} from '@clinic/domain';
import { and, count, eq, gte, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  COUNTED_PREFIX_LENGTH,
  patientCounts,
  patients,
  patientSearchPrefixes,
  type NewPatientRow,
  type PatientRow,
} from '../../db/schema/index.js';
import { toPatientJson } from '../../db/patient-json.js';
import { newId } from '../../platform/crypto.js';
import { AppError, notFound } from '../../platform/errors.js';
import { finalRead, prepared, type RouteTenant, type TenantRouteContext, type TenantTx } from '../../platform/route.js';
import {
  auditedSearchTerm,
  isTextShape,
  orderFor,
  searchBranches,
  searchShapeOf,
  searchValuesOf,
  sortColumnsOf,
  type SearchBindings,
  type SearchShape,
  type SearchValues,
} from './patient-search.js';

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

/** What decides the text of a directory page's statement (one prepared statement per shape). */
interface PageShape {
  sort: PatientListQuery['sort'];
  direction: 'asc' | 'desc';
  /** A status filter (its value is bound). */
  filtered: boolean;
  search: SearchShape;
}

/** What a page statement binds, by name: `sql.placeholder`s when prepared, the values when explained. */
type PageBindings = Record<'organizationId' | 'clinicId' | 'status' | 'branchLimit' | 'limit' | 'offset', unknown> & SearchBindings;

const PAGE_PLACEHOLDERS: PageBindings = {
  organizationId: sql.placeholder('organizationId'),
  clinicId: sql.placeholder('clinicId'),
  status: sql.placeholder('status'),
  branchLimit: sql.placeholder('branchLimit'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  term: sql.placeholder('term'),
  digits: sql.placeholder('digits'),
  digitsWithCountryCode: sql.placeholder('digitsWithCountryCode'),
  digitsReversed: sql.placeholder('digitsReversed'),
};

function pageShapeOf(query: PatientListQuery, search: SearchValues | null): PageShape {
  return {
    sort: query.sort,
    direction: query.direction ?? DEFAULT_SORT_DIRECTION[query.sort],
    filtered: query.status !== 'all',
    search: searchShapeOf(search),
  };
}

function pageValuesOf(tenant: DirectoryScope, query: PatientListQuery, search: SearchValues | null): PageBindings {
  return {
    organizationId: tenant.organizationId,
    clinicId: clinicOf(tenant),
    status: query.status,
    // Each branch's first `offset + limit` matches hold the page, whichever branches its rows come from.
    branchLimit: query.offset + query.limit,
    limit: query.limit,
    offset: query.offset,
    term: search?.term ?? null,
    digits: search?.digits ?? null,
    digitsWithCountryCode: search?.digitsWithCountryCode ?? null,
    digitsReversed: search?.digitsReversed ?? null,
  };
}

/** The rows of the request's clinic still in the directory, and of the status a list filters on. */
function scopeOf(shape: PageShape, v: PageBindings): SQL {
  const status = shape.filtered ? sql` and ${patients.status} = ${v.status}` : sql``;
  return sql`${patients.organizationId} = ${v.organizationId} and ${patients.clinicId} = ${v.clinicId} and ${patients.archivedAt} is null${status}`;
}

/**
 * The ids of a page, in a subquery. Without a search: a range of the sort's index, read in order
 * (index only: the offset skips index entries, not rows). With a search: each key's branch on its
 * own, as an ordered index range with `LIMIT offset + limit` (the name index gives its matches in
 * order and stops; the other keys' indexes carry the sort columns, so their matches are sorted
 * without reading a row), merged (`UNION ALL`, a Merge Append), duplicates dropped, then the page.
 * A prefix matching 1,000 patients reads about 1,000 index entries and 50 rows instead of 1,000
 * rows and a sort.
 */
function pageIdsOf(shape: PageShape, v: PageBindings): SQL {
  const scope = scopeOf(shape, v);
  const columns = sortColumnsOf(shape);
  const order = sql.join(
    columns.map(([column, direction]) => sql`${column} ${sql.raw(direction)}`),
    sql`, `,
  );
  if (shape.search === 'none') {
    return sql`select ${patients.id} from ${patients} where ${scope} order by ${order} limit ${v.limit} offset ${v.offset}`;
  }
  const selected = sql.join(
    columns.map(([column]) => column),
    sql`, `,
  );
  // The merged rows are a derived table: its columns go by their bare names.
  const names = sql.join(
    columns.map(([column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const mergedOrder = sql.join(
    columns.map(([column, direction]) => sql`${sql.identifier(column.name)} ${sql.raw(direction)}`),
    sql`, `,
  );
  const branches = searchBranches(shape.search, v).map(
    (branch) => sql`(select ${selected} from ${patients} where ${scope} and ${branch} order by ${order} limit ${v.branchLimit})`,
  );
  return sql`select "id" from (select distinct ${names} from (${sql.join(branches, sql` union all `)}) as branches order by ${mergedOrder} limit ${v.limit} offset ${v.offset}) as page`;
}

/**
 * The total of a list, as a scalar subquery. Without a search it comes from the counts the
 * triggers keep (a few rows). A text search of up to 4 characters (once lower-cased) comes from the
 * kept prefix counts (`patient_search_prefixes`, a few rows); a longer one counts each key's
 * matches that no key before it matched (`count(name) + count(reversed name, not name) +
 * count(e-mail, neither name)`), each an index-only range of its key's index, which carries the
 * earlier keys: no patient is counted twice and no set of ids is built. (Only the branch taken
 * runs.) A digit search counts the distinct ids of its branches.
 */
function totalOf(shape: PageShape, v: PageBindings): SQL<number> {
  if (shape.search === 'none') {
    const status = shape.filtered ? sql` and ${patientCounts.status} = ${v.status}` : sql``;
    return sql<number>`(select coalesce(sum(${patientCounts.n}), 0)::int from ${patientCounts} where ${patientCounts.organizationId} = ${v.organizationId} and ${patientCounts.clinicId} = ${v.clinicId}${status})`.mapWith(
      Number,
    );
  }
  const scope = scopeOf(shape, v);
  const branches = searchBranches(shape.search, v);
  if (isTextShape(shape.search)) {
    const counts = branches.map((branch, i) => {
      const unmatchedBefore = branches.slice(0, i).map((earlier) => sql` and (${earlier}) is not true`);
      return sql`(select count(*) from ${patients} where ${scope} and ${branch}${sql.join(unmatchedBefore)})`;
    });
    const p = patientSearchPrefixes;
    const status = shape.filtered ? sql` and ${p.status} = ${v.status}` : sql``;
    const term = sql`lower(${v.term}::text)`;
    const kept = sql`(select coalesce(sum(${p.n}), 0) from ${p} where ${p.organizationId} = ${v.organizationId} and ${p.clinicId} = ${v.clinicId} and ${p.prefix} = ${term}${status})`;
    return sql<number>`(case when char_length(${term}) <= ${sql.raw(String(COUNTED_PREFIX_LENGTH))} then ${kept} else ${sql.join(counts, sql` + `)} end)::int`.mapWith(
      Number,
    );
  }
  const selects = branches.map((branch) => sql`select ${patients.id} from ${patients} where ${scope} and ${branch}`);
  return sql<number>`(select count(*)::int from (${sql.join(selects, sql` union `)}) as matches)`.mapWith(Number);
}

/**
 * A page of the directory in one statement, one row: the page's patients (chosen by
 * {@link pageIdsOf}) as the JSON array the API returns (their rows' `dto_json` joined), in list order,
 * the list's total ({@link totalOf}), which an empty page has too, and what the list's audit row
 * learns from the read (`auditDetails`: the page's ids in list order, and the total).
 */
function pageStatement(tx: TenantTx, shape: PageShape, v: PageBindings) {
  const order = sql.join(orderFor(shape), sql`, `);
  const page = tx
    .select({
      patients: sql<string>`coalesce('[' || string_agg(${patients.dtoJson}, ',' order by ${order}) || ']', '[]')`.as('patients'),
      ids: sql<string[]>`coalesce(array_agg(${patients.id} order by ${order}), '{}')`.as('ids'),
      total: totalOf(shape, v).as('total'),
    })
    .from(patients)
    .where(sql`${patients.organizationId} = ${v.organizationId} and ${patients.id} in (${pageIdsOf(shape, v)})`)
    .as('page');
  return tx
    .select({
      patients: page.patients,
      total: page.total,
      auditDetails: sql<{ patientIds: string[]; total: number }>`jsonb_build_object('patientIds', ${page.ids}, 'total', ${page.total})`.as(
        'auditDetails',
      ),
    })
    .from(page);
}

/** The page statement of a list with its values bound, unexecuted (the scale test and the benchmark explain it). */
export function directoryPageQuery(tx: TenantTx, tenant: DirectoryScope, query: PatientListQuery) {
  const search = searchValuesOf(query.search);
  return pageStatement(tx, pageShapeOf(query, search), pageValuesOf(tenant, query, search));
}

/** The total of a list on its own, unexecuted (the page carries it too; the scale test reads its plan). */
export function directoryCountQuery(tx: TenantTx, tenant: DirectoryScope, query: PatientListQuery) {
  const search = searchValuesOf(query.search);
  return tx.select({ total: totalOf(pageShapeOf(query, search), pageValuesOf(tenant, query, search)) }).from(sql`(select 1) as one`);
}

/**
 * A page of the directory with its total, in one prepared statement per shape of query, audited
 * with the ids it returned and the total: the audit row is written by the page's own statement,
 * which goes with `BEGIN` and `COMMIT` (one round trip). The patients come as the JSON text the
 * database wrote (`patients`), to be sent as they are.
 */
export async function listPatients(ctx: TenantRouteContext, query: PatientListQuery) {
  const { tx, tenant } = ctx;
  const search = searchValuesOf(query.search);
  const shape = pageShapeOf(query, search);
  // Lower case: a plain name, as the statement is prepared on the server with SQL `PREPARE` (`db/tenant.ts`).
  const name = `patients_page_${shape.sort.toLowerCase()}_${shape.direction}_${shape.filtered ? 'status' : 'all'}_${shape.search}`;
  await ctx.audit(
    'patient.list',
    { type: 'patient' },
    { search: auditedSearchTerm(query.search), status: query.status, sort: query.sort, offset: query.offset },
  );
  const [{ patients: list, total }] = await finalRead(
    tx,
    name,
    (t) => pageStatement(t, shape, PAGE_PLACEHOLDERS),
    pageValuesOf(tenant, query, search),
    { details: 'auditDetails' },
  );
  return { patients: list, total, limit: query.limit, offset: query.offset };
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
  await assertRoomFor(tx, tenant.organizationId, 'patients');
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
