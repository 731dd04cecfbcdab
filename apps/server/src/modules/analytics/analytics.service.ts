import {
  DEFAULT_ANALYTICS_RANGE_DAYS,
  URGENCY_LEVELS,
  addDays,
  analyticsOverviewOf,
  busiestHoursOf,
  histogramMedian,
  mergeDays,
  periodSumsOfDays,
  topComplaintsOf,
  figuresOf,
  localDate,
  localDayEnd,
  localDayStart,
  organizationSettings,
  periodWindows,
  type AnalyticsBusiness,
  type AnalyticsOverviewQuery,
  type AnalyticsPatients,
  type AnalyticsRangeOverview,
  type AnalyticsRangeQuery,
  type AnalyticsTriage,
  type TimeWindow,
} from '@clinic/domain';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { queueAnalyticsDays, queueDistinctPatients, queueDoctorIds } from '../queue/index.js';

/**
 * Analytics of the request's clinic: the dashboard widget's seven figures against the
 * previous period, and the /analytics page's reports over a range of local days. The queue module
 * adds up its entries by local day (kept in the daily rollup once a day is over); the rules
 * (`rules/analytics-days.ts`, `rules/analytics.ts`) make sums and figures of the days. Every read
 * is audited (aggregates only: no patient is named in them).
 */

/** How many chief complaints the page lists. */
export const TOP_COMPLAINTS = 10;

/** The organization's settings the figures read (fees, shift length, currency), defaults filled in. */
function settingsOf(ctx: TenantRouteContext) {
  const parsed = organizationSettings.safeParse(ctx.tenant.organization.settings ?? {});
  return parsed.success ? parsed.data : organizationSettings.parse({});
}

/** A resolved range: local days (both included) and the instants that bound them. */
export interface ResolvedRange {
  from: string;
  to: string;
  timeZone: string;
  window: TimeWindow;
}

/** The range a query names, else the last 30 days up to today, in the organization's time zone. */
export function resolveRange(ctx: TenantRouteContext, query: AnalyticsRangeQuery, now = new Date()): ResolvedRange {
  const timeZone = ctx.tenant.timeZone;
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_ANALYTICS_RANGE_DAYS - 1) : localDate(timeZone, now));
  const from = query.from ?? addDays(to, -(DEFAULT_ANALYTICS_RANGE_DAYS - 1));
  return {
    from,
    to,
    timeZone,
    window: { from: localDayStart(timeZone, from), to: localDayEnd(timeZone, to) },
  };
}

const rangeDto = (r: ResolvedRange) => ({ from: r.from, to: r.to, timeZone: r.timeZone });

async function auditRead(ctx: TenantRouteContext, report: string, details: Record<string, unknown>) {
  await ctx.audit('analytics.read', { type: 'analytics' }, { report, ...details });
}

/** The sums of a window's visits, from its days. */
async function periodSums(ctx: TenantRouteContext, window: TimeWindow, timeZone: string, now: Date) {
  const days = await queueAnalyticsDays(ctx.tx, ctx.tenant, window, timeZone, { now, breakdowns: ['careByStarter', 'starterDays'] });
  const doctors = await queueDoctorIds(ctx.tx, ctx.tenant);
  return periodSumsOfDays(days, doctors, await queueDistinctPatients(ctx.tx, ctx.tenant, window, 'completed'));
}

/** The widget: the seven figures of the period up to `now`, with their trends against the period before. */
export async function analyticsOverview(ctx: TenantRouteContext, { period }: AnalyticsOverviewQuery, now = new Date()) {
  const settings = settingsOf(ctx);
  const windows = periodWindows(period, now);
  // One after the other: the queries share the request's one transaction (one connection).
  const current = await periodSums(ctx, windows.current, ctx.tenant.timeZone, now);
  const previous = await periodSums(ctx, windows.previous, ctx.tenant.timeZone, now);
  await auditRead(ctx, 'overview-widget', { period });
  return { analytics: analyticsOverviewOf(current, previous, period, settings.doctorShiftHours), currency: settings.currency };
}

/** Every local day of a range, in order. */
function daysOf(range: ResolvedRange): string[] {
  const days: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** `GET /api/analytics/overview`: the range's totals and the visits of every day. */
export async function rangeOverview(ctx: TenantRouteContext, range: ResolvedRange): Promise<Omit<AnalyticsRangeOverview, 'success'>> {
  const days = await queueAnalyticsDays(ctx.tx, ctx.tenant, range.window, range.timeZone, { breakdowns: ['waits'] });
  const all = mergeDays(days);
  const byDay = new Map(days.map((d) => [d.day, d]));
  await auditRead(ctx, 'overview', rangeDto(range));
  return {
    range: rangeDto(range),
    totals: {
      visits: all.visits,
      completed: all.completed,
      admitted: all.admitted,
      cancelled: all.cancelled,
      medianWaitMinutes: histogramMedian(all.waits),
    },
    visitsPerDay: daysOf(range).map((date) => ({ date, visits: byDay.get(date)?.visits ?? 0, completed: byDay.get(date)?.completed ?? 0 })),
  };
}

/** `GET /api/analytics/triage`: every urgency level with its visits and median wait, and the AI's agreement. */
export async function triageReport(ctx: TenantRouteContext, range: ResolvedRange): Promise<Omit<AnalyticsTriage, 'success'>> {
  const all = mergeDays(await queueAnalyticsDays(ctx.tx, ctx.tenant, range.window, range.timeZone, { breakdowns: ['levels'] }));
  await auditRead(ctx, 'triage', rangeDto(range));
  return {
    range: rangeDto(range),
    urgency: URGENCY_LEVELS.map((level) => ({
      level,
      visits: all.levels[level]?.visits ?? 0,
      medianWaitMinutes: histogramMedian(all.levels[level]?.waits ?? {}),
    })),
    aiAgreement: { compared: all.prioritiesCompared, matched: all.prioritiesMatched },
  };
}

/** `GET /api/analytics/patients`: busiest hours, top complaints and distinct patients. */
export async function patientsReport(ctx: TenantRouteContext, range: ResolvedRange): Promise<Omit<AnalyticsPatients, 'success'>> {
  const days = await queueAnalyticsDays(ctx.tx, ctx.tenant, range.window, range.timeZone, { breakdowns: ['hours', 'complaints'] });
  const distinctPatients = await queueDistinctPatients(ctx.tx, ctx.tenant, range.window);
  await auditRead(ctx, 'patients', rangeDto(range));
  return {
    range: rangeDto(range),
    busiestHours: busiestHoursOf(days).sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
    topComplaints: topComplaintsOf(mergeDays(days).complaints, TOP_COMPLAINTS),
    distinctPatients,
  };
}

const cents = (c: number | null) => (c === null ? null : Math.round(c) / 100);

/** `GET /api/analytics/business`: revenue by visit type, ratings and doctors' utilization. */
export async function businessReport(ctx: TenantRouteContext, range: ResolvedRange): Promise<Omit<AnalyticsBusiness, 'success'>> {
  const settings = settingsOf(ctx);
  const days = await queueAnalyticsDays(ctx.tx, ctx.tenant, range.window, range.timeZone, {
    breakdowns: ['careByStarter', 'starterDays', 'visitTypes', 'ratingCounts'],
  });
  const doctors = await queueDoctorIds(ctx.tx, ctx.tenant);
  const sums = periodSumsOfDays(days, doctors, await queueDistinctPatients(ctx.tx, ctx.tenant, range.window, 'completed'));
  const all = mergeDays(days);
  const figures = figuresOf(sums, settings.doctorShiftHours);
  await auditRead(ctx, 'business', rangeDto(range));
  return {
    range: rangeDto(range),
    currency: settings.currency,
    revenue: cents(sums.feeCents),
    revenuePerPatient: figures.revenuePerPatient,
    byVisitType: URGENCY_LEVELS.map((visitType) => ({
      visitType,
      visits: all.visitTypes[visitType]?.visits ?? 0,
      revenue: cents(all.visitTypes[visitType]?.feeCents ?? null),
    })),
    ratings: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: all.ratingCounts[rating] ?? 0 })),
    averageRating: figures.patientSatisfaction,
    resourceUtilization: figures.resourceUtilization,
  };
}
