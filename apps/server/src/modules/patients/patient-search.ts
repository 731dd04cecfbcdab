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

/** What decides the text of a search's statement: no search, a text search, or a digit search with 5 or 6 keys. */
export type SearchShape = 'none' | 'text' | 'digits' | 'digits-with-1';

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
  if (!values.digits) return 'text';
  return values.digitsWithCountryCode ? 'digits' : 'digits-with-1';
}

/** What {@link searchBranches} binds: a value or an `sql.placeholder` for each field of {@link SearchValues}. */
export type SearchBindings = Record<keyof SearchValues, unknown>;

/**
 * The branches of a search, one per key, each a range of that key's index: a case-insensitive
 * prefix of the full name (either order) and of the e-mail, and for digit searches the start of
 * the phone number (with or without the US country code) and its end.
 */
export function searchBranches(shape: Exclude<SearchShape, 'none'>, v: SearchBindings): SQL[] {
  // Lower-cased by the database, with the same function that built the keys.
  const lowered = sql`lower(${v.term}::text)`;
  const branches: SQL[] = [
    startsWith(patients.searchName, lowered),
    startsWith(patients.searchNameReversed, lowered),
    startsWith(patients.searchEmail, lowered),
  ];
  if (shape !== 'text') {
    branches.push(startsWith(patients.phoneDigits, v.digits));
    if (shape === 'digits') branches.push(startsWith(patients.phoneDigits, v.digitsWithCountryCode));
    branches.push(startsWith(patients.phoneDigitsReversed, v.digitsReversed));
  }
  return branches;
}

/**
 * The condition for a search, the branches joined with OR; undefined when the search is empty.
 * (The directory's statements keep the branches apart: `patients.service.ts`.)
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
