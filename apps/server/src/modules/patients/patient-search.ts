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
function startsWith(key: AnyPgColumn, prefix: SQL | string): SQL {
  return sql`(${key} >= ${prefix} and ${key} < (${prefix} || ${AFTER_PREFIX}))`;
}

/**
 * The condition for a search: case-insensitive prefix of the full name (either order), of the
 * e-mail, and — for digit searches — the start (with or without the US country code) or the end of
 * the phone number. Every branch is a range scan of its own index.
 */
export function searchCondition(search: string): SQL | undefined {
  const term = normalizeSearch(search);
  if (!term) return undefined;
  // Lower-cased by the database, with the same function that built the keys.
  const lowered = sql`lower(${term}::text)`;
  const branches: SQL[] = [
    startsWith(patients.searchName, lowered),
    startsWith(patients.searchNameReversed, lowered),
    startsWith(patients.searchEmail, lowered),
  ];
  const digits = phoneDigitsOf(term);
  if (digits) {
    branches.push(startsWith(patients.phoneDigits, digits));
    // Numbers stored with the US country code (+1, the default country) still match by area code.
    if (!digits.startsWith('1')) branches.push(startsWith(patients.phoneDigits, `1${digits}`));
    branches.push(startsWith(patients.phoneDigitsReversed, [...digits].reverse().join('')));
  }
  return or(...branches);
}

/** ORDER BY of a list query; the id breaks ties so that pages never overlap. */
export function orderFor(query: Pick<PatientListQuery, 'sort' | 'direction'>): SQL[] {
  const direction = query.direction ?? DEFAULT_SORT_DIRECTION[query.sort];
  const by = direction === 'asc' ? asc : desc;
  switch (query.sort) {
    case 'createdAt':
      return [by(patients.createdAt), by(patients.id)];
    case 'status':
      return [by(patients.status), asc(patients.searchName), asc(patients.id)];
    case 'name':
    default:
      return [by(patients.searchName), by(patients.id)];
  }
}
