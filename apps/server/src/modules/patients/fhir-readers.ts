import { dateRange, type DateBound } from '@clinic/domain/rules/fhir';
import { and, asc, count, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { patientVisits, patients, type PatientRow } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/** What the FHIR facade's Patient search matches: every value of every list must match (each an AND). */
export interface PatientMatch {
  /** The patient's id; null when the identifier names another system (nothing matches). */
  id?: string | null;
  /** Name prefixes, of the full name either way round. */
  names: string[];
  families: string[];
  givens: string[];
  birthDates: DateBound[];
  /** `male`, `female`, `other`, or `unknown` (none of those, or none given). */
  gender?: string;
  /** The phone number's digits. */
  phoneDigits?: string;
  email?: string;
}

const likePrefix = (value: string) => `${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The birth date compared with a date search value ({@link dateRange}, its range widened to whole days, as birth dates are stored). */
function birthDateCondition(bound: DateBound): SQL | undefined {
  const { from, before } = dateRange({ ...bound, end: new Date(Math.max(bound.end.getTime(), bound.start.getTime() + 86_400_000)) });
  return and(from ? gte(patients.dateOfBirth, isoDate(from)) : undefined, before ? lt(patients.dateOfBirth, isoDate(before)) : undefined);
}

function matchCondition(organizationId: string, match: PatientMatch): SQL | undefined {
  const { gender } = match;
  return and(
    eq(patients.organizationId, organizationId),
    match.id === null ? sql`false` : match.id !== undefined ? eq(patients.id, match.id) : undefined,
    ...match.names.map((name) => or(like(patients.searchName, likePrefix(name)), like(patients.searchNameReversed, likePrefix(name)))),
    ...match.families.map((family) => like(sql`lower(${patients.lastName})`, likePrefix(family))),
    ...match.givens.map((given) => like(sql`lower(${patients.firstName})`, likePrefix(given))),
    ...match.birthDates.map(birthDateCondition),
    gender === undefined
      ? undefined
      : gender === 'unknown'
        ? sql`(${patients.gender} is null or ${patients.gender} not in ('male','female','other'))`
        : eq(patients.gender, gender),
    match.phoneDigits !== undefined ? eq(patients.phoneDigits, match.phoneDigits) : undefined,
    match.email !== undefined ? eq(patients.searchEmail, match.email.toLowerCase()) : undefined,
  );
}

/** One patient of the organization, archived ones too. */
export async function patientRecord(tx: TenantTx, organizationId: string, id: string): Promise<PatientRow | undefined> {
  const [row] = await tx
    .select()
    .from(patients)
    .where(and(eq(patients.organizationId, organizationId), eq(patients.id, id)))
    .limit(1);
  return row;
}

/** A page of the organization's patients matching `match`, by family then given name, and how many match in all. */
export async function patientSearchPage(
  tx: TenantTx,
  organizationId: string,
  match: PatientMatch,
  page: { count: number; offset: number },
): Promise<{ total: number; rows: PatientRow[] }> {
  const where = matchCondition(organizationId, match);
  const [{ total }] = await tx.select({ total: count() }).from(patients).where(where);
  const rows = await tx
    .select()
    .from(patients)
    .where(where)
    .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
    .limit(page.count)
    .offset(page.offset);
  return { total, rows };
}

/**
 * The organization's visits, of one patient or the ids listed when given, as a select the caller
 * composes into its own statement (`.as(alias)`): the FHIR facade pages them with queue episodes.
 */
export function patientVisitsQuery(tx: TenantTx, organizationId: string, match: { patientId?: string; ids?: string[] } = {}) {
  return tx
    .select()
    .from(patientVisits)
    .where(
      and(
        eq(patientVisits.organizationId, organizationId),
        match.patientId !== undefined ? eq(patientVisits.patientId, match.patientId) : undefined,
        match.ids ? inArray(patientVisits.id, match.ids) : undefined,
      ),
    );
}
