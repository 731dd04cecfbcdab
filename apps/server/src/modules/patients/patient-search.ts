import { DEFAULT_SORT_DIRECTION, type PatientListQuery } from '@clinic/domain';
import { asc, desc, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { patients } from '../../db/schema/index.js';

/** Fewest digits a search needs before it is also matched against phone numbers. */
export const MIN_PHONE_DIGITS = 3;

/** Search text as the keys hold it: single spaces, no commas ("Smith, Ann" finds "smith ann"). */
export function normalizeSearch(value: string): string {
  return value.replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * A directory search as the audit trail keeps it: a name as typed, never (part of) a phone number
 * or an e-mail address, which no erasure could take out of the append-only trail again.
 */
export function auditedSearchTerm(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (/\d/.test(value)) return '(digits)';
  if (value.includes('@')) return '(e-mail)';
  return value;
}

/** The digits of a search that looks like (part of) a phone number, else null. */
export function phoneDigitsOf(value: string): string | null {
  if (!/^[0-9 ()+.-]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  return digits.length >= MIN_PHONE_DIGITS ? digits : null;
}

/** Above every string that starts with a given prefix, in the keys' byte order ("C" collation). */
const AFTER_PREFIX = '\u{10FFFF}';

/**
 * `key` starts with `prefix`, written as a range (`key >= p AND key < p || U+10FFFF`) rather than
 * `LIKE 'p%'`: under row level security PostgreSQL only uses leakproof operators as index
 * conditions, and the comparison operators are leakproof where LIKE is not.
 */
function startsWith(key: AnyPgColumn, prefix: unknown): SQL {
  return sql`(${key} >= ${prefix} and ${key} < (${prefix} || ${AFTER_PREFIX}))`;
}

/**
 * {@link startsWith} for a filter, its bounds computed once per execution (scalar subqueries, which
 * PostgreSQL runs once as init plans). The statements are prepared, and their generic plans would
 * otherwise lower-case the bound term and build the upper bound again for every row they test:
 * counting the 11,000 matches of an e-mail prefix took twice as long.
 */
function startsWithOnce(key: AnyPgColumn, prefix: unknown): SQL {
  return sql`(${key} >= (select ${prefix}) and ${key} < (select ${prefix} || ${AFTER_PREFIX}))`;
}

/** A search as its statement binds it: the normalized term and, for a digit search, the phone forms. */
export interface SearchValues {
  term: string;
  /** The digits when the term looks like (part of) a phone number. */
  digits: string | null;
  /** The digits with the US country code in front, unless they start with 1 already. */
  digitsWithCountryCode: string | null;
  /** The digits reversed, for the end of a number. */
  digitsReversed: string | null;
}

/** How many characters of the reversed name `patients.search_last_name_start` holds (the last name's start). */
export const LAST_NAME_START = 3;

/**
 * What decides the text of a search's statement: no search, a text search (`text3` from
 * {@link LAST_NAME_START} characters on), or a digit search with 5 or 6 keys. Plain names: they
 * go into the names of prepared statements.
 */
export type SearchShape = 'none' | 'text' | 'text3' | 'digits' | 'digits_with_1';
/** The shapes of a search by name and e-mail only. */
export const isTextShape = (shape: SearchShape): shape is 'text' | 'text3' => shape === 'text' || shape === 'text3';

/** The values of `search`, or null when nothing is left of it once normalized. */
export function searchValuesOf(search: string | undefined): SearchValues | null {
  const term = normalizeSearch(search ?? '');
  if (!term) return null;
  const digits = phoneDigitsOf(term);
  return {
    term,
    digits,
    // Numbers stored with the US country code (+1, the default country) still match by area code.
    digitsWithCountryCode: digits && !digits.startsWith('1') ? `1${digits}` : null,
    digitsReversed: digits ? [...digits].reverse().join('') : null,
  };
}

/** The shape of a search's statement. */
export function searchShapeOf(values: SearchValues | null): SearchShape {
  if (!values) return 'none';
  // Code points, as the database counts characters (lower-casing never shortens a text there).
  if (!values.digits) return [...values.term].length >= LAST_NAME_START ? 'text3' : 'text';
  return values.digitsWithCountryCode ? 'digits' : 'digits_with_1';
}

/** What {@link searchBranches} binds: a value or an `sql.placeholder` for each field of {@link SearchValues}. */
export type SearchBindings = Record<keyof SearchValues, unknown>;

/**
 * The branches of a search, one per key, each a range of that key's index: a case-insensitive
 * prefix of the full name (either order) and of the e-mail, and for digit searches the start of
 * the phone number (with or without the US country code) and its end. The reversed name's index
 * (`patients_last_name_start_idx`) is keyed by the last name's first {@link LAST_NAME_START}
 * characters, then the list's name order: from that many characters on, the branch is that start
 * and the reversed name's prefix, so a page of a common last name reads its first names in order
 * and stops instead of sorting them all; a shorter term is a prefix of the start itself.
 */
export function searchBranches(shape: Exclude<SearchShape, 'none'>, v: SearchBindings): SQL[] {
  // Lower-cased by the database, with the same function that built the keys.
  const lowered = sql`lower(${v.term}::text)`;
  // A shorter term is a prefix of the last name's start itself.
  const byLastName =
    shape === 'text'
      ? startsWith(patients.searchLastNameStart, lowered)
      : sql`(${patients.searchLastNameStart} = left(${lowered}, ${sql.raw(String(LAST_NAME_START))}) and ${startsWith(patients.searchNameReversed, lowered)})`;
  const branches: SQL[] = [startsWith(patients.searchName, lowered), byLastName, startsWith(patients.searchEmail, lowered)];
  if (!isTextShape(shape)) {
    branches.push(startsWith(patients.phoneDigits, v.digits));
    if (shape === 'digits') branches.push(startsWith(patients.phoneDigits, v.digitsWithCountryCode));
    branches.push(startsWith(patients.phoneDigitsReversed, v.digitsReversed));
  }
  return branches;
}

/**
 * The name branches of a search as ranges of the name keys themselves: the full name, and the
 * reversed name for the last name's branch (which is exactly the reversed name's prefix: the last
 * name's start is the reversed name's first characters). What a total excludes the earlier
 * branches' matches with: the e-mail index carries both names but not the last name's start, so
 * the e-mail branch is counted from its index alone, without reading a row.
 */
export function nameMatches(v: SearchBindings): [SQL, SQL] {
  const lowered = sql`lower(${v.term}::text)`;
  return [startsWithOnce(patients.searchName, lowered), startsWithOnce(patients.searchNameReversed, lowered)];
}

/**
 * The condition for a search, the branches joined with OR; undefined when the search is empty.
 * (The directory's statements keep the branches apart: `patient-directory-page.ts`.)
 */
export function searchCondition(search: string): SQL | undefined {
  const values = searchValuesOf(search);
  if (!values) return undefined;
  return or(...searchBranches(searchShapeOf(values) as Exclude<SearchShape, 'none'>, values));
}

/** The columns a list is ordered by, with their directions; the id breaks ties so that pages never overlap. */
export function sortColumnsOf(query: Pick<PatientListQuery, 'sort' | 'direction'>): Array<[AnyPgColumn, 'asc' | 'desc']> {
  const direction = query.direction ?? DEFAULT_SORT_DIRECTION[query.sort];
  switch (query.sort) {
    case 'createdAt':
      return [
        [patients.createdAt, direction],
        [patients.id, direction],
      ];
    case 'status':
      return [
        [patients.status, direction],
        [patients.searchName, 'asc'],
        [patients.id, 'asc'],
      ];
    case 'name':
    default:
      return [
        [patients.searchName, direction],
        [patients.id, direction],
      ];
  }
}

/** ORDER BY of a list query ({@link sortColumnsOf}). */
export function orderFor(query: Pick<PatientListQuery, 'sort' | 'direction'>): SQL[] {
  return sortColumnsOf(query).map(([column, direction]) => (direction === 'asc' ? asc(column) : desc(column)));
}
