/**
 * Age of a patient from the date of birth (clinical-workflows section 2, Patient list): whole years,
 * shown as 'Unknown' when the date is missing, malformed, not a calendar date or in the future.
 */

/** What the list shows when the age cannot be computed. */
export const UNKNOWN_AGE = 'Unknown';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** The year, month (1-12) and day of an ISO date (a datetime's date part is accepted); null when not a calendar date. */
export function parseIsoDate(value: string | null | undefined): { year: number; month: number; day: number } | null {
  if (typeof value !== 'string') return null;
  const m = ISO_DATE.exec(value.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return { year, month, day };
}

// The one calendar-date check lives with the date contract; re-exported for existing callers.
export { isCalendarDate } from '../contracts/calendar-date.js';

/** The local calendar date of `now` as `YYYY-MM-DD`. */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Whole years between the date of birth and `now` (local calendar). Null when the date is missing,
 * invalid or after `now`. A birthday on 29 February counts from 1 March in other years.
 */
export function ageInYears(dateOfBirth: string | null | undefined, now: Date = new Date()): number | null {
  const dob = parseIsoDate(dateOfBirth);
  if (!dob) return null;
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  const day = now.getDate();
  let age = year - dob.year;
  if (month < dob.month || (month === dob.month && day < dob.day)) age -= 1;
  return age < 0 ? null : age;
}

/** The age as the list shows it: the number of years, or 'Unknown'. */
export function ageLabel(dateOfBirth: string | null | undefined, now: Date = new Date()): string {
  const age = ageInYears(dateOfBirth, now);
  return age === null ? UNKNOWN_AGE : String(age);
}
