import { z } from 'zod';

/**
 * The one calendar-date contract: every date a body, a query or a FHIR search parameter carries is
 * a `YYYY-MM-DD` string naming a real day, with its year in a stated range. The range keeps dates
 * away from what PostgreSQL (no year 0) and JavaScript `Date` cannot hold, and from typing slips
 * such as 0202 or 9999 that would otherwise be stored or searched as if meant.
 */

/** An inclusive range of years. */
export interface YearRange {
  minYear: number;
  maxYear: number;
}

/** Years of a date of birth or another date in a person's life. */
export const PERSON_YEARS: YearRange = { minYear: 1900, maxYear: 2100 };
/** Years of an event the platform records or reports on (visits, analytics ranges, trials...). */
export const EVENT_YEARS: YearRange = { minYear: 2000, maxYear: 2100 };
/** Years a four-digit ISO date can name at all (there is no year 0). */
const ANY_YEAR: YearRange = { minYear: 1, maxYear: 9999 };

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days of `month` (1-12) in `year` of the proleptic Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/**
 * True when `value` is exactly `YYYY-MM-DD`, names a real day (no 30 February, no month 13) and its
 * year lies in `range` (inclusive; by default any year from 0001 to 9999).
 */
export function isCalendarDate(value: string, range: YearRange = ANY_YEAR): boolean {
  const m = SHAPE.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < Math.max(range.minYear, 1) || year > Math.min(range.maxYear, 9999)) return false;
  if (month < 1 || month > 12) return false;
  return day >= 1 && day <= daysInMonth(year, month);
}

/** The message of a date outside the contract: it states the rule, so the caller can correct it. */
export function calendarDateMessage(range: YearRange, label?: string): string {
  const rule = `a real date between ${range.minYear} and ${range.maxYear} (YYYY-MM-DD)`;
  return label ? `${label} must be ${rule}` : `Enter ${rule}`;
}

/**
 * A zod schema of a `YYYY-MM-DD` string that names a real day with its year in `minYear..maxYear`.
 * The optional `label` names the field in the message ("Start date must be a real date between
 * 2000 and 2100 (YYYY-MM-DD)"); the path names it either way.
 */
export function calendarDate(range: YearRange & { label?: string }) {
  const years: YearRange = { minYear: range.minYear, maxYear: range.maxYear };
  const message = calendarDateMessage(years, range.label);
  // On `z.iso.date` so the OpenAPI document keeps `format: date`; the refinement is the rule.
  return z.iso.date({ error: message, abort: true }).refine((value) => isCalendarDate(value, years), { message });
}

/** A date of birth or other date in a person's life: a real day in 1900-2100. */
export const personDate = calendarDate(PERSON_YEARS);

/** A date of something that happens on the platform (visit, report range, trial): a real day in 2000-2100. */
export const eventDate = calendarDate(EVENT_YEARS);

/**
 * True when `value` is an ISO 8601 date-time with a UTC offset (`2026-03-01T08:30:00Z`,
 * `...+01:00`) whose local date is a real day and whose instant falls in `range` (UTC years).
 * The instant is checked too: `2100-12-31T23:00:00-14:00` is already in 2101.
 */
export function isCalendarTimestamp(value: string, range: YearRange = ANY_YEAR): boolean {
  if (!z.iso.datetime({ offset: true }).safeParse(value).success || !isCalendarDate(value.slice(0, 10), range)) return false;
  const year = new Date(Date.parse(value)).getUTCFullYear();
  return year >= range.minYear && year <= range.maxYear;
}

/**
 * A zod schema of an ISO 8601 date-time with a UTC offset naming a real day, with its instant in
 * `minYear..maxYear`: what PostgreSQL's `timestamptz` and JavaScript `Date` both hold exactly.
 */
export function calendarTimestamp(range: YearRange) {
  const years: YearRange = { minYear: range.minYear, maxYear: range.maxYear };
  const message = `Enter a real date and time between ${years.minYear} and ${years.maxYear} (ISO 8601 with a UTC offset)`;
  return z.iso.datetime({ offset: true, error: message, abort: true }).refine((value) => isCalendarTimestamp(value, years), { message });
}

/** The moment of something that happens on the platform (a check-in start, an incident): 2000-2100. */
export const eventTimestamp = calendarTimestamp(EVENT_YEARS);
