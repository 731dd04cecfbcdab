/**
 * The analytics figures (platform-core, Analytics Overview widget): how a period is cut,
 * how each of the seven figures follows from the counts the server adds up, and how a trend
 * compares two periods. Nothing here reads a clock or the database: the server passes `now` and
 * the sums of one period, so each figure can be checked by hand.
 */
import { ASSESSMENT_BANDS } from './risk-levels.js';

/** The periods the widget compares, by name. */
export const ANALYTICS_PERIODS = ['week', 'month', 'quarter'] as const;
/** A period name. */
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
/** The widget's period unless the caller names one. */
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 'week';

/** Days in each period: a rolling window ending now, compared with the window just before it. */
export const ANALYTICS_PERIOD_DAYS = { week: 7, month: 30, quarter: 90 } as const satisfies Record<AnalyticsPeriod, number>;

const DAY_MS = 86_400_000;

/** A half-open interval of instants, `[from, to)`. */
export interface TimeWindow {
  from: Date;
  to: Date;
}

/** The current period (the last N days up to `now`) and the previous one of the same length. */
export function periodWindows(period: AnalyticsPeriod, now: Date): { current: TimeWindow; previous: TimeWindow } {
  const length = ANALYTICS_PERIOD_DAYS[period] * DAY_MS;
  const mid = new Date(now.getTime() - length);
  return { current: { from: mid, to: now }, previous: { from: new Date(mid.getTime() - length), to: mid } };
}

/**
 * What the server adds up over one period's visits (queue entries checked in during the period).
 * Every figure of the widget is a function of these sums.
 */
export interface PeriodSums {
  /** Entries checked in, not cancelled. */
  visits: number;
  /** Sum and count of the ratings captured when care completed. */
  ratingSum: number;
  ratings: number;
  /** Completed entries with both the AI's urgency and the clinician's final priority, and how many of them agree. */
  prioritiesCompared: number;
  prioritiesMatched: number;
  /** Entries whose care started, and how many of them started within their band's target wait. */
  started: number;
  startedWithinTarget: number;
  /** Completed entries, and the minutes from start of care to completion summed over them. */
  completed: number;
  careMinutes: number;
  /** Fees (in cents) of completed visits whose type had a fee, and the distinct patients completed. */
  feeCents: number | null;
  patientsCompleted: number;
  /** Minutes of care given by doctors, and the doctor-days on which they gave care. */
  doctorCareMinutes: number;
  doctorDays: number;
}

/** Sums of a period without any visit. */
export const EMPTY_PERIOD_SUMS: PeriodSums = {
  visits: 0,
  ratingSum: 0,
  ratings: 0,
  prioritiesCompared: 0,
  prioritiesMatched: 0,
  started: 0,
  startedWithinTarget: 0,
  completed: 0,
  careMinutes: 0,
  feeCents: null,
  patientsCompleted: 0,
  doctorCareMinutes: 0,
  doctorDays: 0,
};

/** The seven figures' names, in the widget's order. */
export const ANALYTICS_FIGURES = [
  'patientSatisfaction',
  'aiAccuracy',
  'treatmentEfficiency',
  'revenuePerPatient',
  'totalVisits',
  'avgTreatmentTime',
  'resourceUtilization',
] as const;
/** A figure's name. */
export type AnalyticsFigureName = (typeof ANALYTICS_FIGURES)[number];

/** Each figure's value for one period; null when the period has nothing to compute it from. */
export type FigureValues = Record<AnalyticsFigureName, number | null>;

const round = (x: number, places: number) => {
  const f = 10 ** places;
  return Math.round(x * f) / f;
};
const share = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100, 1) : null);

/** Hours a doctor is on duty on a day on which they gave care, unless the organization says otherwise. */
export const DEFAULT_DOCTOR_SHIFT_HOURS = 8;

/**
 * The seven figures of one period:
 * - patientSatisfaction: mean rating, one decimal (shown n/5);
 * - aiAccuracy: percent of compared entries whose AI urgency matched the final priority;
 * - treatmentEfficiency: percent of started entries seen within their band's target wait;
 * - revenuePerPatient: fees of completed visits over distinct patients completed, in currency units
 *   (2 decimals); null when no completed visit carried a fee (no fee set);
 * - totalVisits: visits;
 * - avgTreatmentTime: mean whole minutes from start of care to completion;
 * - resourceUtilization: percent of doctors' on-duty minutes (doctor-days times the shift) spent
 *   giving care.
 */
export function figuresOf(s: PeriodSums, shiftHours: number = DEFAULT_DOCTOR_SHIFT_HOURS): FigureValues {
  const onDutyMinutes = s.doctorDays * shiftHours * 60;
  return {
    patientSatisfaction: s.ratings > 0 ? round(s.ratingSum / s.ratings, 1) : null,
    aiAccuracy: share(s.prioritiesMatched, s.prioritiesCompared),
    treatmentEfficiency: share(s.startedWithinTarget, s.started),
    revenuePerPatient: s.feeCents !== null && s.patientsCompleted > 0 ? round(s.feeCents / 100 / s.patientsCompleted, 2) : null,
    totalVisits: s.visits,
    avgTreatmentTime: s.completed > 0 ? Math.round(s.careMinutes / s.completed) : null,
    resourceUtilization: share(s.doctorCareMinutes, onDutyMinutes),
  };
}

/**
 * The trend of a figure: its change from the previous period in percent of the previous value,
 * one decimal. Null when either period has no value or the previous one is zero (no base to
 * compare with).
 */
export function trendPercent(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return round(((current - previous) / Math.abs(previous)) * 100, 1);
}

/** A figure as the widget reads it. */
export interface AnalyticsFigure {
  value: number | null;
  trend: number | null;
  period: AnalyticsPeriod;
}

/** The widget's seven figures: this period's values and their trends against the previous period. */
export function analyticsOverviewOf(
  current: PeriodSums,
  previous: PeriodSums,
  period: AnalyticsPeriod,
  shiftHours: number = DEFAULT_DOCTOR_SHIFT_HOURS,
): Record<AnalyticsFigureName, AnalyticsFigure> {
  const now = figuresOf(current, shiftHours);
  const before = figuresOf(previous, shiftHours);
  return Object.fromEntries(
    ANALYTICS_FIGURES.map((name) => [name, { value: now[name], trend: trendPercent(now[name], before[name]), period }]),
  ) as Record<AnalyticsFigureName, AnalyticsFigure>;
}

/** The target wait (minutes) of a risk score's assessment band; null when the band has none. */
export function targetWaitMinutes(riskScore: number): number | null {
  return (ASSESSMENT_BANDS.find((b) => riskScore >= b.min) ?? ASSESSMENT_BANDS[ASSESSMENT_BANDS.length - 1]).targetMinutes;
}

/** The widest date range the analytics page may ask for, in days. */
export const MAX_ANALYTICS_RANGE_DAYS = 366;
/** The page's range unless the caller names one: the last 30 days, today included. */
export const DEFAULT_ANALYTICS_RANGE_DAYS = 30;
