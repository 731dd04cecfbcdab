/** The directory's list: a page of patients and its total in one statement per shape of query. */
import { DEFAULT_SORT_DIRECTION, type PatientListQuery } from '@clinic/domain';
import { sql, type SQL } from 'drizzle-orm';
import { COUNTED_PREFIX_LENGTH, patientCounts, patients, patientSearchPrefixes } from '../../db/schema/index.js';
import { finalRead, type TenantRouteContext, type TenantTx } from '../../platform/route/index.js';
import {
  auditedSearchTerm,
  isTextShape,
  nameMatches,
  orderFor,
  searchBranches,
  searchShapeOf,
  searchValuesOf,
  sortColumnsOf,
  type SearchBindings,
  type SearchShape,
  type SearchValues,
} from './patient-search.js';
import { clinicOf, type DirectoryScope } from './patients.service.js';

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
 * earlier keys (the names, as ranges of the keys themselves: {@link nameMatches}): no patient is
 * counted twice and no set of ids is built. (Only the branch taken
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
    // The earlier branches as ranges of the two names, which every text branch's index carries.
    const earlier = nameMatches(v);
    const counts = branches.map((branch, i) => {
      const unmatchedBefore = earlier.slice(0, i).map((e) => sql` and (${e}) is not true`);
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
