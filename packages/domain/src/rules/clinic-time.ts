import { TZDate, tz } from '@date-fns/tz';
import { addDays as addDaysTo, differenceInCalendarDays, formatISO, startOfDay, startOfMonth } from 'date-fns';

/**
 * Clinic-local time: the calendar day, wall clock and day boundaries in the organization's time zone.
 * Queue numbers restart each local day, "completed today" counts from local midnight, "new this
 * month" from the local first of the month, and visiting hours read the local wall clock; all of
 * them ask this file, never the server's or the browser's own zone.
 *
 * Built on `@date-fns/tz` (`TZDate`, `tz`) over the IANA zone data of the runtime's ICU. Where a
 * zone's clocks jump, a wall time that never happens (02:30 on the spring-forward night) moves
 * forward by the gap (03:30), so midnight itself, in zones that jump at 00:00 such as Cairo or
 * Santiago, becomes the instant of the jump; a wall time that happens twice (fall back; midnight in
 * Havana) is its first occurrence. So a local day always starts at its first instant and has 23, 24
 * or 25 hours.
 *
 * Two kinds of value meet here: an instant (`Date`) and a calendar date (`YYYY-MM-DD`, a day of the
 * clinic's calendar, no zone of its own). A function taking a date and a zone gives instants of that
 * day; a function taking an instant and a zone gives the clinic's reading of it.
 */

/** The zone of an organization whose settings name none (the settings' default, the spec's demo organization's). */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';
/** The zone used in place of one the runtime does not know, so a bad setting never breaks a page. */
export const FALLBACK_TIME_ZONE = 'UTC';

const knownZones = new Set<string>();

/** True when the runtime knows the zone (an IANA name such as 'Europe/Paris', or 'UTC'). */
export function isTimeZone(zone: unknown): zone is string {
  // `timeZone: undefined` would silently mean the runtime's own zone.
  if (typeof zone !== 'string' || zone === '') return false;
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  knownZones.add(zone); // only known zones are kept: a few hundred at most
  return true;
}

/**
 * The time zone of an organization from its settings: `settings.timezone`, {@link DEFAULT_TIME_ZONE}
 * when it names none, {@link FALLBACK_TIME_ZONE} when it names a zone the runtime does not know.
 */
export function organizationTimeZone(settings: unknown): string {
  const zone = settings && typeof settings === 'object' ? (settings as { timezone?: unknown }).timezone : undefined;
  if (zone === undefined) return DEFAULT_TIME_ZONE;
  return isTimeZone(zone) ? zone : FALLBACK_TIME_ZONE;
}

/** The zone itself, or UTC when the runtime does not know it (a `TZDate` of an unknown zone is invalid). */
const zoneOf = (timeZone: string) => (isTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE);

/** The instant `at` on the clinic's clock: its fields (year, hours...) are the zone's wall clock. */
const onClinicClock = (timeZone: string, at: Date) => new TZDate(at.getTime(), zoneOf(timeZone));

/** A wall-clock reading in a zone; `date` is `YYYY-MM-DD`, `month` 1-12, `hour` 0-23. */
export interface LocalWallClock {
  date: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of `timeZone` at the instant `at`; an unknown zone reads as UTC. */
export function localWallClock(timeZone: string, at: Date = new Date()): LocalWallClock {
  const t = onClinicClock(timeZone, at);
  return {
    date: formatISO(t, { representation: 'date' }),
    year: t.getFullYear(),
    month: t.getMonth() + 1,
    day: t.getDate(),
    hour: t.getHours(),
    minute: t.getMinutes(),
    second: t.getSeconds(),
  };
}

/** The calendar date (`YYYY-MM-DD`) in `timeZone` at the instant `at`: the clinic's "today". */
export function localDate(timeZone: string, at: Date = new Date()): string {
  return formatISO(onClinicClock(timeZone, at), { representation: 'date' });
}

/** How far the zone's wall clock is ahead of UTC at `at`, in minutes (Los Angeles: -480 or -420). */
export function utcOffsetMinutes(timeZone: string, at: Date = new Date()): number {
  // `0 -` rather than a unary minus, so that UTC is 0 and not -0.
  return 0 - onClinicClock(timeZone, at).getTimezoneOffset();
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

/**
 * The instant the wall clock of `timeZone` shows `date` (`YYYY-MM-DD`) at `time` (`HH:MM` or
 * `HH:MM:SS`, default midnight). A time skipped by the clocks moves forward by the gap; a time
 * shown twice gives its first occurrence. Throws a RangeError on a malformed date or time.
 */
export function localTimeToInstant(timeZone: string, date: string, time = '00:00'): Date {
  const hms = time.length === 5 ? `${time}:00` : time;
  const wall = DATE.test(date) && TIME.test(time) ? new Date(`${date}T${hms}Z`) : new Date(Number.NaN);
  // Read back, so that 30 February or 24:00 is refused rather than rolled over.
  if (Number.isNaN(wall.getTime()) || wall.toISOString().slice(0, 19) !== `${date}T${hms}`) {
    throw new RangeError(`Not a local date and time: ${date} ${time}`);
  }
  const [year, month, day] = [wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()];
  const local = new TZDate(year, month, day, wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), zoneOf(timeZone));
  if (year < 100) local.setFullYear(year, month, day); // as for `Date`, the constructor reads 0-99 as 1900-1999
  return new Date(local.getTime());
}

/** The first instant of the local calendar day `date` (`YYYY-MM-DD`): local midnight, or the end of a jump over it. */
export function localDayStart(timeZone: string, date: string): Date {
  return localTimeToInstant(timeZone, date);
}

/** The instant the local calendar day `date` ends, not included: the first instant of the next day. */
export function localDayEnd(timeZone: string, date: string): Date {
  return localTimeToInstant(timeZone, addDays(date, 1));
}

/** The first instant of the local day that contains `at` (local midnight, or the end of a jump over it). */
export function startOfLocalDay(timeZone: string, at: Date = new Date()): Date {
  return new Date(startOfDay(at, { in: tz(zoneOf(timeZone)) }).getTime());
}

/** The first instant of the local month that contains `at`. */
export function startOfLocalMonth(timeZone: string, at: Date = new Date()): Date {
  return new Date(startOfMonth(at, { in: tz(zoneOf(timeZone)) }).getTime());
}

/**
 * The instant `days` local days after `at` (negative: before), at the same wall-clock time in
 * `timeZone`: across a clock change that is 23 or 25 hours a day, not 24.
 */
export function addLocalDays(timeZone: string, at: Date, days: number): Date {
  return new Date(addDaysTo(at, days, { in: tz(zoneOf(timeZone)) }).getTime());
}

/** A calendar date (`YYYY-MM-DD`) plus `days` days (negative: before). No zone: a calendar date has none. */
export function addDays(date: string, days: number): string {
  return formatISO(addDaysTo(new TZDate(`${date.slice(0, 10)}T00:00:00Z`, 'UTC'), days), { representation: 'date' });
}

/** Calendar days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const utc = tz('UTC');
  return differenceInCalendarDays(utc(`${to.slice(0, 10)}T00:00:00Z`), utc(`${from.slice(0, 10)}T00:00:00Z`), { in: utc });
}
