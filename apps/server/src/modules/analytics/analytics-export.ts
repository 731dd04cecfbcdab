import type { AnalyticsReport } from '@clinic/domain';
import { toCsv, type CsvCell } from '../../platform/csv.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { patientsReport, rangeOverview, triageReport, type ResolvedRange } from './analytics.service.js';

/**
 * `GET /api/analytics/export`: one chart of the /analytics page as CSV, from the same report the
 * chart draws, so the file and the chart cannot disagree.
 */

/** Rows to CSV text, header first. */
const tableCsv = (header: string[], rows: CsvCell[][]) => toCsv([header, ...rows]);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The CSV of one report over a range. */
export async function exportReport(ctx: TenantRouteContext, report: AnalyticsReport, range: ResolvedRange): Promise<string> {
  switch (report) {
    case 'visits-per-day': {
      const r = await rangeOverview(ctx, range);
      return tableCsv(
        ['Date', 'Visits', 'Completed'],
        r.visitsPerDay.map((d) => [d.date, d.visits, d.completed]),
      );
    }
    case 'wait-by-urgency':
    case 'urgency-mix': {
      const r = await triageReport(ctx, range);
      return report === 'urgency-mix'
        ? tableCsv(
            ['Urgency', 'Visits'],
            r.urgency.map((u) => [u.level, u.visits]),
          )
        : tableCsv(
            ['Urgency', 'Median wait (minutes)', 'Visits'],
            r.urgency.map((u) => [u.level, u.medianWaitMinutes, u.visits]),
          );
    }
    case 'busiest-hours': {
      const r = await patientsReport(ctx, range);
      return tableCsv(
        ['Weekday', 'Hour', 'Visits'],
        r.busiestHours.map((c) => [WEEKDAYS[c.weekday], c.hour, c.visits]),
      );
    }
    case 'top-complaints': {
      const r = await patientsReport(ctx, range);
      return tableCsv(
        ['Chief complaint', 'Visits'],
        r.topComplaints.map((c) => [c.complaint, c.visits]),
      );
    }
  }
}
