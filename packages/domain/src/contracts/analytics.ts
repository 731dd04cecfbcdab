/**
 * Contracts of analytics: the dashboard's Analytics Overview widget
 * (`GET /api/analytics-overview/overview`) and the /analytics page's reports (`GET
 * /api/analytics/overview`, `/patients`, `/triage`, `/business`, `/export`). Figures are computed
 * by `rules/analytics.ts` from the clinic's queue entries.
 */
import { z } from 'zod';
import { ANALYTICS_FIGURES, ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD, MAX_ANALYTICS_RANGE_DAYS } from '../rules/analytics.js';
import { daysBetween } from '../rules/clinic-time.js';
import { URGENCY_LEVELS } from '../rules/risk-levels.js';
import { eventDate } from './calendar-date.js';

/** `GET /api/analytics-overview/overview?period=`: week unless named. */
export const analyticsOverviewQuery = z.object({ period: z.enum(ANALYTICS_PERIODS).default(DEFAULT_ANALYTICS_PERIOD) });
/** A parsed overview query. */
export type AnalyticsOverviewQuery = z.output<typeof analyticsOverviewQuery>;

/** One figure of the widget: this period's value (null: nothing to compute it from) and its trend in percent. */
export const analyticsFigureDto = z.object({
  value: z.number().nullable(),
  trend: z.number().nullable(),
  period: z.enum(ANALYTICS_PERIODS),
});

/** The widget's seven figures. */
export const analyticsOverviewDto = z.object(
  Object.fromEntries(ANALYTICS_FIGURES.map((name) => [name, analyticsFigureDto])) as Record<
    (typeof ANALYTICS_FIGURES)[number],
    typeof analyticsFigureDto
  >,
);
/** The widget's figures. */
export type AnalyticsOverviewDto = z.infer<typeof analyticsOverviewDto>;

/** `GET /api/analytics-overview/overview` answer; `currency` is the organization's, for Revenue/Patient. */
export const analyticsOverviewResponse = z.object({ success: z.literal(true), analytics: analyticsOverviewDto, currency: z.string() });
/** The overview answer. */
export type AnalyticsOverviewResponse = z.infer<typeof analyticsOverviewResponse>;

const localDay = eventDate;

/**
 * The page's date range: local days of the clinic, both included; the last 30 days when left out.
 * At most a year and a day, `from` not after `to`.
 */
export const analyticsRangeQuery = z
  .object({ from: localDay.optional(), to: localDay.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'The start date must not be after the end date', path: ['from'] })
  .refine((r) => !r.from || !r.to || daysBetween(r.from, r.to) < MAX_ANALYTICS_RANGE_DAYS, {
    message: `The date range may span at most ${MAX_ANALYTICS_RANGE_DAYS} days`,
    path: ['to'],
  });
/** A parsed range query. */
export type AnalyticsRangeQuery = z.output<typeof analyticsRangeQuery>;

/** The reports the CSV export offers, one per chart of the page. */
export const ANALYTICS_REPORTS = ['visits-per-day', 'wait-by-urgency', 'urgency-mix', 'busiest-hours', 'top-complaints'] as const;
/** A report name. */
export type AnalyticsReport = (typeof ANALYTICS_REPORTS)[number];

/** `GET /api/analytics/export?report=&from=&to=`: one chart's rows as CSV. */
export const analyticsExportQuery = z
  .object({ report: z.enum(ANALYTICS_REPORTS), from: localDay.optional(), to: localDay.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'The start date must not be after the end date', path: ['from'] })
  .refine((r) => !r.from || !r.to || daysBetween(r.from, r.to) < MAX_ANALYTICS_RANGE_DAYS, {
    message: `The date range may span at most ${MAX_ANALYTICS_RANGE_DAYS} days`,
    path: ['to'],
  });

/** The range a report covers, as resolved by the server (local dates, both included). */
export const analyticsRangeDto = z.object({ from: z.string(), to: z.string(), timeZone: z.string() });

/** `GET /api/analytics/overview`: the range's totals and the visits of each day. */
export const analyticsRangeOverviewResponse = z.object({
  success: z.literal(true),
  range: analyticsRangeDto,
  totals: z.object({
    visits: z.number().int(),
    completed: z.number().int(),
    admitted: z.number().int(),
    cancelled: z.number().int(),
    /** Median whole minutes from check-in to start of care; null when no care started. */
    medianWaitMinutes: z.number().nullable(),
  }),
  /** Every day of the range, days without visits included. */
  visitsPerDay: z.array(z.object({ date: z.string(), visits: z.number().int(), completed: z.number().int() })),
});
/** The range overview. */
export type AnalyticsRangeOverview = z.infer<typeof analyticsRangeOverviewResponse>;

/** `GET /api/analytics/triage`: the mix of urgency levels and the median wait of each. */
export const analyticsTriageResponse = z.object({
  success: z.literal(true),
  range: analyticsRangeDto,
  /** Every level, most urgent first; the AI's urgency when care started, else the stored score's. */
  urgency: z.array(
    z.object({
      level: z.enum(URGENCY_LEVELS),
      visits: z.number().int(),
      /** Median whole minutes waited by those whose care started; null when none. */
      medianWaitMinutes: z.number().nullable(),
    }),
  ),
  /** Completed visits whose AI urgency and final priority are both known, and how many agree. */
  aiAgreement: z.object({ compared: z.number().int(), matched: z.number().int() }),
});
/** The triage report. */
export type AnalyticsTriage = z.infer<typeof analyticsTriageResponse>;

/** `GET /api/analytics/patients`: when patients arrive and what they come for. */
export const analyticsPatientsResponse = z.object({
  success: z.literal(true),
  range: analyticsRangeDto,
  /** Check-ins by local weekday (0 Sunday to 6 Saturday) and hour (0 to 23); only cells with visits. */
  busiestHours: z.array(z.object({ weekday: z.number().int().min(0).max(6), hour: z.number().int().min(0).max(23), visits: z.number().int() })),
  /** The ten most frequent chief complaints (case and spacing ignored), most frequent first. */
  topComplaints: z.array(z.object({ complaint: z.string(), visits: z.number().int() })),
  /** Distinct patients seen (directory patients, and walk-ins counted once per visit). */
  distinctPatients: z.number().int(),
});
/** The patients report. */
export type AnalyticsPatients = z.infer<typeof analyticsPatientsResponse>;

/** `GET /api/analytics/business`: revenue, ratings and the use of doctors' time. */
export const analyticsBusinessResponse = z.object({
  success: z.literal(true),
  range: analyticsRangeDto,
  currency: z.string(),
  /** Fees of completed visits in currency units; null when no visit carried a fee. */
  revenue: z.number().nullable(),
  revenuePerPatient: z.number().nullable(),
  /** Completed visits by final priority (the visit type fees are set for), with their revenue. */
  byVisitType: z.array(z.object({ visitType: z.enum(URGENCY_LEVELS), visits: z.number().int(), revenue: z.number().nullable() })),
  /** How many ratings of each value (1 to 5), and their mean; null when none. */
  ratings: z.array(z.object({ rating: z.number().int().min(1).max(5), count: z.number().int() })),
  averageRating: z.number().nullable(),
  /** Percent of doctors' on-duty minutes spent giving care; null when no doctor gave care. */
  resourceUtilization: z.number().nullable(),
});
/** The business report. */
export type AnalyticsBusiness = z.infer<typeof analyticsBusinessResponse>;
