import {
  addDays,
  daysBetween,
  formatVisitDuration,
  localDate,
  localDayEnd,
  localDayStart,
  MAX_EXPORT_DAYS,
  startOfLocalDay,
  visitMinutes,
  visitorStatusAt,
  wallTimeLabel,
  type VisitorStatsDto,
} from '@clinic/domain';
import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { visitorBadges, visitors } from '../../db/schema/index.js';
import { auditActionCounts } from '../../platform/audit-readers.js';
import { AppError } from '../../platform/errors.js';
import { toCsv } from '../../platform/csv.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { statusCondition } from './visitors.service.js';

/** The window of the departments and satisfaction figures. */
const RECENT_DAYS = 30;
/** Departments listed. */
const DEPARTMENTS_SHOWN = 5;
const DAY_MS = 86_400_000;

const count = sql<number>`count(*)::int`;

/**
 * The spec's Visitor stats at `now`, on the organization's calendar: today's check-ins, who is in,
 * today's average visit, today's check-ins per hour, the last 30 days' departments and ratings,
 * badges, and today's refused restricted visitors. Counts only, no names: any member may read them.
 */
export async function visitorStats(ctx: TenantRouteContext, now = new Date()): Promise<VisitorStatsDto> {
  const { tx, tenant } = ctx;
  const org = eq(visitors.organizationId, tenant.organizationId);
  const today = startOfLocalDay(tenant.timeZone, now);
  const recent = new Date(now.getTime() - RECENT_DAYS * DAY_MS);
  const todays = and(org, gte(visitors.checkInTime, today));

  const [{ n: totalVisitorsToday }] = await tx.select({ n: count }).from(visitors).where(todays);
  const [{ n: currentlyCheckedIn }] = await tx
    .select({ n: count })
    .from(visitors)
    .where(and(org, statusCondition('Checked In', now)));
  const [{ n: expired }] = await tx
    .select({ n: count })
    .from(visitors)
    .where(and(org, statusCondition('Expired', now)));
  const [{ minutes }] = await tx
    .select({ minutes: sql<number | null>`avg(extract(epoch from ${visitors.checkOutTime} - ${visitors.checkInTime}) / 60)::float` })
    .from(visitors)
    .where(and(todays, isNotNull(visitors.checkOutTime), isNull(visitors.restrictedAt)));
  const hour = sql<number>`extract(hour from ${visitors.checkInTime} at time zone ${tenant.timeZone})::int`;
  // By position: the zone is a parameter, and two parameters are never the same expression to PostgreSQL.
  const hours = await tx
    .select({ hour, count })
    .from(visitors)
    .where(todays)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const departments = await tx
    .select({ department: visitors.department, count })
    .from(visitors)
    .where(and(org, gte(visitors.checkInTime, recent), isNotNull(visitors.department)))
    .groupBy(visitors.department)
    .orderBy(sql`count(*) desc`, asc(visitors.department))
    .limit(DEPARTMENTS_SHOWN);
  const [{ rating }] = await tx
    .select({ rating: sql<number | null>`avg(${visitors.rating})::float` })
    .from(visitors)
    .where(and(org, gte(visitors.checkInTime, recent), isNotNull(visitors.rating)));
  const [{ n: issuedToday }] = await tx
    .select({ n: count })
    .from(visitorBadges)
    .where(and(eq(visitorBadges.organizationId, tenant.organizationId), gte(visitorBadges.issuedAt, today)));
  const securityIncidents = (await auditActionCounts(tx, tenant.organizationId, ['visitor.restricted-refused'], today))[0]?.n ?? 0;

  return {
    totalVisitorsToday,
    currentlyCheckedIn,
    averageVisitDuration: minutes === null ? null : Math.round(minutes),
    peakHours: hours.map((h) => ({ hour: h.hour, label: wallTimeLabel(`${String(h.hour).padStart(2, '0')}:00`), count: h.count })),
    mostVisitedDepartments: departments.map((d) => ({ department: d.department!, count: d.count })),
    visitorSatisfaction: rating === null ? null : Math.round(rating * 10) / 10,
    badgeUsage: { issuedToday, active: currentlyCheckedIn, expired },
    securityIncidents,
  };
}

/**
 * A range of organization-local days (both included) from a query: today by default, one end
 * alone a single day (or up to today). Refused when reversed or longer than {@link MAX_EXPORT_DAYS}.
 */
function dayRange(timeZone: string, range: { from?: string; to?: string }, now: Date) {
  const today = localDate(timeZone, now);
  const from = range.from ?? range.to ?? today;
  const to = range.to ?? (range.from && range.from > today ? range.from : today);
  if (to < from) throw new AppError('validation/invalid', 'The end date must not be before the start date.');
  if (daysBetween(from, to) >= MAX_EXPORT_DAYS) {
    throw new AppError('validation/invalid', `A report covers ${MAX_EXPORT_DAYS} days at most.`);
  }
  return { from, to, start: localDayStart(timeZone, from), end: localDayEnd(timeZone, to) };
}

/**
 * The Reports tab: visitors checked in on each organization-local day of the range (today by
 * default), every day listed (none is 0), and the total. Counts only; audited with the range.
 */
export async function dailyVisitors(ctx: TenantRouteContext, range: { from?: string; to?: string }, now = new Date()) {
  const { tx, tenant } = ctx;
  const { from, to, start, end } = dayRange(tenant.timeZone, range, now);
  const day = sql<string>`to_char(${visitors.checkInTime} at time zone ${tenant.timeZone}, 'YYYY-MM-DD')`;
  // By position: the zone is a parameter, and two parameters are never the same expression to PostgreSQL.
  const counted = await tx
    .select({ day, count })
    .from(visitors)
    .where(and(eq(visitors.organizationId, tenant.organizationId), gte(visitors.checkInTime, start), lt(visitors.checkInTime, end)))
    .groupBy(sql`1`);
  const byDay = new Map(counted.map((r) => [r.day, r.count]));
  const days: { date: string; count: number }[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push({ date, count: byDay.get(date) ?? 0 });
  const total = days.reduce((sum, d) => sum + d.count, 0);
  await ctx.audit('visitor.report', { type: 'visitor' }, { from, to, total });
  return { from, to, days, total };
}

const CSV_COLUMNS = [
  'Check-in',
  'Check-out',
  'Status',
  'Duration',
  'First name',
  'Last name',
  'Phone',
  'Relationship',
  'Purpose',
  'Patient',
  'Department',
  'Floor',
  'Room',
  'Badge',
  'Access level',
  'Checked in at',
] as const;

/**
 * The visits checked in from `from` to `to` (organization-local days, both included; today by
 * default) as CSV, oldest first. No ID numbers. Audited with the range and the count.
 */
export async function exportVisitorsCsv(ctx: TenantRouteContext, range: { from?: string; to?: string }, now = new Date()) {
  const { tx, tenant } = ctx;
  const { from, to, start, end } = dayRange(tenant.timeZone, range, now);
  const rows = await tx
    .select()
    .from(visitors)
    .where(and(eq(visitors.organizationId, tenant.organizationId), gte(visitors.checkInTime, start), lt(visitors.checkInTime, end)))
    .orderBy(asc(visitors.checkInTime), asc(visitors.id));
  const lines = rows.map((v) => [
    v.checkInTime.toISOString(),
    v.checkOutTime?.toISOString() ?? null,
    visitorStatusAt(v, now),
    formatVisitDuration(visitMinutes(v.checkInTime, v.checkOutTime, now)),
    v.firstName,
    v.lastName,
    v.phone,
    v.relationship,
    v.visitPurpose,
    v.patientName,
    v.department,
    v.floor,
    v.roomNumber,
    v.badgeNumber,
    v.accessLevel,
    v.source === 'kiosk' ? 'Kiosk' : 'Front desk',
  ]);
  await ctx.audit('visitor.export', { type: 'visitor' }, { from, to, count: rows.length });
  return { csv: toCsv([CSV_COLUMNS, ...lines]), filename: `visitors-${from}-to-${to}.csv` };
}
