import {
  DEFAULT_ANALYTICS_RANGE_DAYS,
  URGENCY_LEVELS,
  analyticsOverviewOf,
  figuresOf,
  localDate,
  localTimeToInstant,
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
import type { TenantRouteContext } from '../../platform/route.js';
import {
  queueBusiestHours,
  queueDistinctPatients,
  queuePeriodSums,
  queueRangeTotals,
  queueTopComplaints,
  queueUrgencyFigures,
  queueVisitTypesAndRatings,
  queueVisitsPerDay,
} from '../queue/index.js';

/**
 * Analytics of the request's clinic (issue 11): the dashboard widget's seven figures against the
 * previous period, and the /analytics page's reports over a range of local days. The queue module
 * adds up its entries; the rules (`rules/analytics.ts`) make figures of the sums. Every read is
 * audited (aggregates only: no patient is named in them).
 */

/** How many chief complaints the page lists. */
export const TOP_COMPLAINTS = 10;

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

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
    window: { from: localTimeToInstant(timeZone, from), to: localTimeToInstant(timeZone, addDays(to, 1)) },
  };
}

const rangeDto = (r: ResolvedRange) => ({ from: r.from, to: r.to, timeZone: r.timeZone });

async function auditRead(ctx: TenantRouteContext, report: string, details: Record<string, unknown>) {
  await ctx.audit('analytics.read', { type: 'analytics' }, { report, ...details });
}

/** The widget: the seven figures of the period up to `now`, with their trends against the period before. */
export async function analyticsOverview(ctx: TenantRouteContext, { period }: AnalyticsOverviewQuery, now = new Date()) {
  const settings = settingsOf(ctx);
  const windows = periodWindows(period, now);
  // One after the other: the queries share the request's one transaction (one connection).
  const current = await queuePeriodSums(ctx.tx, ctx.tenant, windows.current, ctx.tenant.timeZone);
  const previous = await queuePeriodSums(ctx.tx, ctx.tenant, windows.previous, ctx.tenant.timeZone);
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
  const totals = await queueRangeTotals(ctx.tx, ctx.tenant, range.window);
  const perDay = await queueVisitsPerDay(ctx.tx, ctx.tenant, range.window, range.timeZone);
  const byDay = new Map(perDay.map((d) => [d.date, d]));
  await auditRead(ctx, 'overview', rangeDto(range));
  return {
    range: rangeDto(range),
    totals,
    visitsPerDay: daysOf(range).map((date) => byDay.get(date) ?? { date, visits: 0, completed: 0 }),
  };
}

/** `GET /api/analytics/triage`: every urgency level with its visits and median wait, and the AI's agreement. */
export async function triageReport(ctx: TenantRouteContext, range: ResolvedRange): Promise<Omit<AnalyticsTriage, 'success'>> {
  const figures = await queueUrgencyFigures(ctx.tx, ctx.tenant, range.window);
  const byLevel = new Map(figures.byLevel.map((l) => [l.level, l]));
  await auditRead(ctx, 'triage', rangeDto(range));
  return {
    range: rangeDto(range),
    urgency: URGENCY_LEVELS.map((level) => ({
      level,
      visits: byLevel.get(level)?.visits ?? 0,
      medianWaitMinutes: byLevel.get(level)?.medianWaitMinutes ?? null,
    })),
    aiAgreement: figures.aiAgreement,
  };
}

/** `GET /api/analytics/patients`: busiest hours, top complaints and distinct patients. */
export async function patientsReport(ctx: TenantRouteContext, range: ResolvedRange): Promise<Omit<AnalyticsPatients, 'success'>> {
  const busiestHours = await queueBusiestHours(ctx.tx, ctx.tenant, range.window, range.timeZone);
  const topComplaints = await queueTopComplaints(ctx.tx, ctx.tenant, range.window, TOP_COMPLAINTS);
  const distinctPatients = await queueDistinctPatients(ctx.tx, ctx.tenant, range.window);
  await auditRead(ctx, 'patients', rangeDto(range));
  return {
    range: rangeDto(range),
    busiestHours: busiestHours.sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
    topComplaints,
    distinctPatients,
  };
}

const cents = (c: number | null) => (c === null ? null : Math.round(c) / 100);

/** `GET /api/analytics/business`: revenue by visit type, ratings and doctors' utilization. */
export async function businessReport(ctx: TenantRouteContext, range: ResolvedRange): Promise<Omit<AnalyticsBusiness, 'success'>> {
  const settings = settingsOf(ctx);
  const sums = await queuePeriodSums(ctx.tx, ctx.tenant, range.window, range.timeZone);
  const detail = await queueVisitTypesAndRatings(ctx.tx, ctx.tenant, range.window);
  const figures = figuresOf(sums, settings.doctorShiftHours);
  const types = new Map(detail.visitTypes.map((t) => [t.visitType, t]));
  const ratings = new Map(detail.ratings.map((r) => [r.rating, r.count]));
  await auditRead(ctx, 'business', rangeDto(range));
  return {
    range: rangeDto(range),
    currency: settings.currency,
    revenue: cents(sums.feeCents),
    revenuePerPatient: figures.revenuePerPatient,
    byVisitType: URGENCY_LEVELS.map((visitType) => ({
      visitType,
      visits: types.get(visitType)?.visits ?? 0,
      revenue: cents(types.get(visitType)?.feeCents ?? null),
    })),
    ratings: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: ratings.get(rating) ?? 0 })),
    averageRating: figures.patientSatisfaction,
    resourceUtilization: figures.resourceUtilization,
  };
}
