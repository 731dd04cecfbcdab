import type { AnalyticsReport } from '@clinic/domain';
import type { TenantRouteContext } from '../../platform/route.js';
import { patientsReport, rangeOverview, triageReport, type ResolvedRange } from './analytics.service.js';

/**
 * `GET /api/analytics/export`: one chart of the /analytics page as CSV, from the same report the
 * chart draws, so the file and the chart cannot disagree.
 */

type Cell = string | number | null;

/**
 * One CSV field (RFC 4180 quoting). Text that a spreadsheet would run as a formula (a leading =, +,
 * - or @: chief complaints are free text typed at the kiosk) is prefixed with an apostrophe.
 */
export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows to CSV text, header first, CRLF line ends. */
export function toCsv(header: string[], rows: Cell[][]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The CSV of one report over a range. */
export async function exportReport(ctx: TenantRouteContext, report: AnalyticsReport, range: ResolvedRange): Promise<string> {
  switch (report) {
    case 'visits-per-day': {
      const r = await rangeOverview(ctx, range);
      return toCsv(
        ['Date', 'Visits', 'Completed'],
        r.visitsPerDay.map((d) => [d.date, d.visits, d.completed]),
      );
    }
    case 'wait-by-urgency':
    case 'urgency-mix': {
      const r = await triageReport(ctx, range);
      return report === 'urgency-mix'
        ? toCsv(
            ['Urgency', 'Visits'],
            r.urgency.map((u) => [u.level, u.visits]),
          )
        : toCsv(
            ['Urgency', 'Median wait (minutes)', 'Visits'],
            r.urgency.map((u) => [u.level, u.medianWaitMinutes, u.visits]),
          );
    }
    case 'busiest-hours': {
      const r = await patientsReport(ctx, range);
      return toCsv(
        ['Weekday', 'Hour', 'Visits'],
        r.busiestHours.map((c) => [WEEKDAYS[c.weekday], c.hour, c.visits]),
      );
    }
    case 'top-complaints': {
      const r = await patientsReport(ctx, range);
      return toCsv(
        ['Chief complaint', 'Visits'],
        r.topComplaints.map((c) => [c.complaint, c.visits]),
      );
    }
  }
}
