import { dateRange, type DateBound } from '@clinic/domain/rules/fhir';
import { sql, type SQL } from 'drizzle-orm';
import type { Encounter, Observation } from 'fhir/r4';
import type { FhirRouteContext } from '../../platform/route/index.js';
import type { Search } from './fhir-search.js';

/** Where the search was asked and what the Bundle's full URLs start with. */
export interface FhirBase {
  /** `https://host/fhir/R4` */
  base: string;
  /** The request's URL, absolute. */
  url: URL;
}

/** `column` compared with a date search value ({@link dateRange}, the domain's rule). */
export function dateCondition(column: SQL, bound: DateBound): SQL {
  const { from, before } = dateRange(bound);
  return sql.join(
    [
      ...(from ? [sql`${column} >= ${from.toISOString()}::timestamptz`] : []),
      ...(before ? [sql`${column} < ${before.toISOString()}::timestamptz`] : []),
    ],
    sql` and `,
  );
}

/**
 * The search's page of `matches` (a select) in `order` (`_offset`, `_count`), and how many rows it
 * gives in all: one statement (a window count beside the page), and a count of its own only when
 * the page is past the end.
 */
export async function pageOf<R>(ctx: FhirRouteContext, matches: SQL, order: SQL, search: Search): Promise<{ total: number; rows: R[] }> {
  const page = (
    await ctx.tx.execute(
      sql`select *, count(*) over ()::int as total from (${matches}) m order by ${order} limit ${search.count} offset ${search.offset}`,
    )
  ).rows as Array<R & { total: number }>;
  if (page.length > 0) return { total: page[0].total, rows: page };
  if (search.offset === 0) return { total: 0, rows: [] };
  const [{ total }] = (await ctx.tx.execute(sql`select count(*)::int as total from (${matches}) m`)).rows as Array<{ total: number }>;
  return { total, rows: [] };
}

/** The id of the patient a resource is about. */
export const subjectId = (r: Encounter | Observation) => r.subject?.reference?.replace(/^Patient\//, '') ?? null;
/** The patients the resources are about, each once. */
export const uniqueSubjects = (resources: Array<Encounter | Observation>) => [
  ...new Set(resources.map(subjectId).filter((id): id is string => id !== null)),
];
