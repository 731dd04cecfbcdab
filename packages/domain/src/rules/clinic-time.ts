/**
 * Clinic-local time: the calendar day, wall clock and day boundaries in the organization's time zone.
 * Queue numbers restart each local day, "completed today" counts from local midnight, "new this
 * month" from the local first of the month, and visiting hours will read the local wall clock; all of
 * them ask this file, never the server's or the browser's own zone.
 *
 * Built on `Intl.DateTimeFormat`, i.e. the IANA time-zone data of the runtime's ICU (Node and every
 * current browser): no library is needed for reading a zone, and the one conversion it lacks (a local
 * wall time to an instant) is `localTimeToInstant` below.
 *
 * Where a zone's clocks jump, a wall time that never happens (02:30 on the spring-forward night;
 * midnight itself in zones that jump at 00:00, such as Cairo or Santiago) is read as the instant the
 * clocks jumped past it, and a wall time that happens twice (fall back; midnight in Havana) is its
 * first occurrence. So a local day always starts at its first instant and has 23, 24 or 25 hours.
 */

/** The zone of an organization whose settings name none (the settings' default, the spec's demo organization's). */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';
/** The zone used in place of one the runtime does not know, so a bad setting never breaks a page. */
export const FALLBACK_TIME_ZONE = 'UTC';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter of the zone's wall clock, or null when the runtime does not know the zone. */
function wallClockFormat(timeZone: unknown): Intl.DateTimeFormat | null {
  // `timeZone: undefined` would silently mean the runtime's own zone.
  if (typeof timeZone !== 'string' || timeZone === '') return null;
  const known = formatters.get(timeZone);
  if (known) return known;
  try {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23', // midnight is hour 0, never 24
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format); // only known zones are kept: a few hundred at most
    return format;
  } catch {
    return null;
  }
}

const formatOf = (timeZone: string) => wallClockFormat(timeZone) ?? (wallClockFormat(FALLBACK_TIME_ZONE) as Intl.DateTimeFormat);

/** True when the runtime knows the zone (an IANA name such as 'Europe/Paris', or 'UTC'). */
export function isTimeZone(zone: unknown): zone is string {
  return wallClockFormat(zone) !== null;
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

/** A wall-clock reading in a zone; `date` is `YYYY-MM-DD`, `month` 1-12, `hour` 0-23. */
export interface LocalDateTime {
  date: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall clock of `timeZone` at the instant `at`; an unknown zone reads as UTC. */
export function localDateTime(timeZone: string, at: Date = new Date()): LocalDateTime {
  const parts = new Map(
    formatOf(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  const [year, month, day, hour, minute, second] = (['year', 'month', 'day', 'hour', 'minute', 'second'] as const).map(
    (type) => parts.get(type) ?? 0,
  );
  return { date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`, year, month, day, hour, minute, second };
}

/** The calendar date (`YYYY-MM-DD`) in `timeZone` at the instant `at`: the clinic's "today". */
export function localDate(timeZone: string, at: Date = new Date()): string {
  return localDateTime(timeZone, at).date;
}

/** The wall clock at `at` read as if it were UTC, to the second. */
function wallMs(timeZone: string, at: number): number {
  const t = localDateTime(timeZone, new Date(at));
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
}

const offsetMs = (timeZone: string, at: number) => wallMs(timeZone, at) - Math.floor(at / 1000) * 1000;

/** How far the zone's wall clock is ahead of UTC at `at`, in minutes (Los Angeles: -480 or -420). */
export function utcOffsetMinutes(timeZone: string, at: Date = new Date()): number {
  return offsetMs(timeZone, at.getTime()) / MINUTE_MS;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

/**
 * The instant the wall clock of `timeZone` shows `date` (`YYYY-MM-DD`) at `time` (`HH:MM` or
 * `HH:MM:SS`, default midnight). A time skipped by the clocks gives the instant they jumped past it;
 * a time shown twice gives its first occurrence. Throws a RangeError on a malformed date or time.
 */
export function localTimeToInstant(timeZone: string, date: string, time = '00:00'): Date {
  const hms = time.length === 5 ? `${time}:00` : time;
  const wall = DATE.test(date) && TIME.test(time) ? Date.parse(`${date}T${hms}Z`) : Number.NaN;
  // Read back, so that 30 February or 24:00 is refused rather than rolled over.
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 19) !== `${date}T${hms}`) {
    throw new RangeError(`Not a local date and time: ${date} ${time}`);
  }
  // A day either side of the wall time brackets any clock change near it: the offsets before and after.
  const before = offsetMs(timeZone, wall - DAY_MS);
  const after = offsetMs(timeZone, wall + DAY_MS);
  const shown = [wall - before, wall - after].filter((at) => wallMs(timeZone, at) === wall);
  return new Date(shown.length > 0 ? Math.min(...shown) : wall - before);
}

/** The first instant of the local day that contains `at` (local midnight, or the end of a jump over it). */
export function startOfLocalDay(timeZone: string, at: Date = new Date()): Date {
  return localTimeToInstant(timeZone, localDate(timeZone, at));
}

/** The first instant of the local month that contains `at`. */
export function startOfLocalMonth(timeZone: string, at: Date = new Date()): Date {
  const { year, month } = localDateTime(timeZone, at);
  return localTimeToInstant(timeZone, `${pad(year, 4)}-${pad(month)}-01`);
}

/** A calendar date (`YYYY-MM-DD`) plus `days` days (negative: before). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
