import type { PeriodSums, TimeWindow } from './analytics.js';
import { addDays, localDate, localDayEnd, localDayStart } from './clinic-time.js';
import type { UrgencyLevel } from './risk-levels.js';

/** The counts of a day, summed as they are when days are merged (the fees add up apart: null is no fee). */
export const ANALYTICS_DAY_COUNTS = [
  'visits',
  'completed',
  'admitted',
  'cancelled',
  'ratingSum',
  'ratings',
  'prioritiesCompared',
  'prioritiesMatched',
  'started',
  'startedWithinTarget',
  'careMinutes',
] as const;
/** A count of a day. */
export type AnalyticsDayCount = (typeof ANALYTICS_DAY_COUNTS)[number];

/**
 * The daily rollup of the analytics: what one clinic's visits of one local day (or of a
 * part of a day, at the edges of a window) add up to. Every report is a sum of these, so a year
 * reads at most 366 of them; medians come from the histograms of whole minutes. A visit is an entry
 * checked in during the day, cancelled ones aside (`modules/queue/queue-analytics.ts` adds them up).
 */
export interface AnalyticsDay extends Record<AnalyticsDayCount, number> {
  /** The local day, `YYYY-MM-DD`. */
  day: string;
  feeCents: number | null;
  /** Started entries by whole minutes of wait. */
  waits: Record<string, number>;
  /** By the AI's urgency: visits, and started entries by whole minutes of wait. */
  levels: Partial<Record<UrgencyLevel, { visits: number; waits: Record<string, number> }>>;
  /** Visits by local hour of check-in. */
  hours: Record<string, number>;
  /** Visits by chief complaint as written (spaces tidied). */
  complaints: Record<string, number>;
  /** Completed visits by final priority, with their fees in cents (null: none had a fee). */
  visitTypes: Partial<Record<UrgencyLevel, { visits: number; feeCents: number | null }>>;
  /** Ratings given, by value. */
  ratingCounts: Record<string, number>;
  /** Minutes of care by the member who started it (completed or ended care only). */
  careByStarter: Record<string, number>;
  /** `userId|YYYY-MM-DD`: who started care on which local day. */
  starterDays: string[];
}

/** The breakdowns of a day (the large parts of it); a report reads only those it needs. */
export const ANALYTICS_DAY_BREAKDOWNS = [
  'waits',
  'levels',
  'hours',
  'complaints',
  'visitTypes',
  'ratingCounts',
  'careByStarter',
  'starterDays',
] as const satisfies ReadonlyArray<keyof AnalyticsDay>;
/** A breakdown of a day. */
export type AnalyticsDayBreakdown = (typeof ANALYTICS_DAY_BREAKDOWNS)[number];

/** A day without a visit. */
export function emptyAnalyticsDay(day: string): AnalyticsDay {
  return {
    day,
    ...(Object.fromEntries(ANALYTICS_DAY_COUNTS.map((key) => [key, 0])) as Record<AnalyticsDayCount, number>),
    feeCents: null,
    waits: {},
    levels: {},
    hours: {},
    complaints: {},
    visitTypes: {},
    ratingCounts: {},
    careByStarter: {},
    starterDays: [],
  };
}

/** Days a window's rollup is read from, and the parts of the window added up from the visits. */
export interface DayPlan {
  /** Whole local days inside the window that ended more than a day ago: read from the rollup. */
  kept: string[];
  /** The rest of the window (its partial first day, yesterday and today): added up from the visits. */
  live: TimeWindow[];
}

/**
 * Splits a window into the whole local days the rollup may hold (those before yesterday, so a visit
 * still in care never changes a kept day) and the parts added up each time.
 */
export function planDays(window: TimeWindow, timeZone: string, now: Date): DayPlan {
  const lastKeepable = addDays(localDate(timeZone, now), -2);
  const startDay = localDate(timeZone, window.from);
  let first = localDayStart(timeZone, startDay).getTime() === window.from.getTime() ? startDay : addDays(startDay, 1);
  const kept: string[] = [];
  for (let d = first; d <= lastKeepable && localDayEnd(timeZone, d) <= window.to; d = addDays(d, 1)) kept.push(d);
  if (kept.length === 0) return { kept, live: window.from < window.to ? [window] : [] };
  first = kept[0];
  const keptFrom = localDayStart(timeZone, first);
  const keptTo = localDayEnd(timeZone, kept[kept.length - 1]);
  const live: TimeWindow[] = [];
  if (window.from < keptFrom) live.push({ from: window.from, to: keptFrom });
  if (keptTo < window.to) live.push({ from: keptTo, to: window.to });
  return { kept, live };
}

const addCounts = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
};
const addFee = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

/** Several days' figures as one (the histograms and counts added up; hours are by weekday: `busiestHoursOf`). */
export function mergeDays(days: readonly AnalyticsDay[]): Omit<AnalyticsDay, 'day' | 'hours'> {
  const total = emptyAnalyticsDay('');
  const starterDays = new Set<string>();
  for (const d of days) {
    for (const key of ANALYTICS_DAY_COUNTS) total[key] += d[key];
    total.feeCents = addFee(total.feeCents, d.feeCents);
    addCounts(total.waits, d.waits);
    for (const [level, l] of Object.entries(d.levels) as Array<[UrgencyLevel, { visits: number; waits: Record<string, number> }]>) {
      const into = (total.levels[level] ??= { visits: 0, waits: {} });
      into.visits += l.visits;
      addCounts(into.waits, l.waits);
    }
    addCounts(total.complaints, d.complaints);
    for (const [type, t] of Object.entries(d.visitTypes) as Array<[UrgencyLevel, { visits: number; feeCents: number | null }]>) {
      const into = (total.visitTypes[type] ??= { visits: 0, feeCents: null });
      into.visits += t.visits;
      into.feeCents = addFee(into.feeCents, t.feeCents);
    }
    addCounts(total.ratingCounts, d.ratingCounts);
    addCounts(total.careByStarter, d.careByStarter);
    for (const s of d.starterDays) starterDays.add(s);
  }
  const { day: _day, hours: _hours, ...rest } = total;
  return { ...rest, starterDays: [...starterDays] };
}

/** Visits by local weekday (0 Sunday) and hour of check-in, the cells with visits only. */
export function busiestHoursOf(days: readonly AnalyticsDay[]): Array<{ weekday: number; hour: number; visits: number }> {
  const cells = new Map<string, number>();
  for (const d of days) {
    const weekday = new Date(`${d.day}T00:00:00Z`).getUTCDay();
    for (const [hour, n] of Object.entries(d.hours)) if (n > 0) cells.set(`${weekday}|${hour}`, (cells.get(`${weekday}|${hour}`) ?? 0) + n);
  }
  return [...cells].map(([cell, visits]) => {
    const [weekday, hour] = cell.split('|').map(Number);
    return { weekday, hour, visits };
  });
}

/**
 * The median of a histogram of whole minutes, as PostgreSQL's `percentile_cont(0.5)` gives it (the
 * mean of the two middle values of an even count), rounded to whole minutes; null when empty.
 */
export function histogramMedian(histogram: Record<string, number>): number | null {
  const values = Object.entries(histogram)
    .filter(([, n]) => n > 0)
    .map(([v, n]) => [Number(v), n] as const)
    .sort((a, b) => a[0] - b[0]);
  const count = values.reduce((s, [, n]) => s + n, 0);
  if (count === 0) return null;
  const at = (index: number) => {
    let seen = 0;
    for (const [v, n] of values) {
      seen += n;
      if (index < seen) return v;
    }
    return values[values.length - 1][0];
  };
  const middle = (count - 1) / 2;
  return Math.round((at(Math.floor(middle)) + at(Math.ceil(middle))) / 2);
}

/**
 * A period's sums from its days: doctors' care and doctor-days count the members who are doctors
 * now; the distinct patients completed are counted from the visits (they do not add up by day).
 */
export function periodSumsOfDays(days: readonly AnalyticsDay[], doctorIds: ReadonlySet<string>, patientsCompleted: number): PeriodSums {
  const m = mergeDays(days);
  let doctorCareMinutes = 0;
  for (const [user, minutes] of Object.entries(m.careByStarter)) if (doctorIds.has(user)) doctorCareMinutes += minutes;
  return {
    visits: m.visits,
    ratingSum: m.ratingSum,
    ratings: m.ratings,
    prioritiesCompared: m.prioritiesCompared,
    prioritiesMatched: m.prioritiesMatched,
    started: m.started,
    startedWithinTarget: m.startedWithinTarget,
    completed: m.completed,
    careMinutes: m.careMinutes,
    feeCents: m.feeCents,
    patientsCompleted,
    doctorCareMinutes,
    doctorDays: m.starterDays.filter((s) => doctorIds.has(s.slice(0, s.lastIndexOf('|')))).length,
  };
}

/**
 * The most frequent chief complaints, case and spacing aside, each named as it was most often
 * written (the first in code-point order among equals); ties by name.
 */
export function topComplaintsOf(complaints: Record<string, number>, limit: number): Array<{ complaint: string; visits: number }> {
  const groups = new Map<string, { visits: number; best: string; bestCount: number }>();
  for (const [written, n] of Object.entries(complaints)) {
    const key = written.toLowerCase();
    const g = groups.get(key);
    if (!g) groups.set(key, { visits: n, best: written, bestCount: n });
    else {
      g.visits += n;
      if (n > g.bestCount || (n === g.bestCount && written < g.best)) {
        g.best = written;
        g.bestCount = n;
      }
    }
  }
  return [...groups.values()]
    .map((g) => ({ complaint: g.best, visits: g.visits }))
    .sort((a, b) => b.visits - a.visits || (a.complaint < b.complaint ? -1 : a.complaint > b.complaint ? 1 : 0))
    .slice(0, limit);
}
