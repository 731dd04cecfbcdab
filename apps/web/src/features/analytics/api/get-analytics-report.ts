import {
  analyticsBusinessResponse,
  analyticsPatientsResponse,
  analyticsRangeOverviewResponse,
  analyticsTriageResponse,
  type AnalyticsBusiness,
  type AnalyticsPatients,
  type AnalyticsRangeOverview,
  type AnalyticsReport,
  type AnalyticsTriage,
} from '@clinic/domain/contracts/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantKey, tenantRequest, type TenantRef } from '../../../api/tenant';

/** A date range of local days; left out, the server takes the last 30 days. */
export interface DateRange {
  from?: string;
  to?: string;
}

/** What each report answers (without `success`). */
export interface AnalyticsReports {
  overview: Omit<AnalyticsRangeOverview, 'success'>;
  triage: Omit<AnalyticsTriage, 'success'>;
  patients: Omit<AnalyticsPatients, 'success'>;
  business: Omit<AnalyticsBusiness, 'success'>;
}
/** A report of the page. */
export type ReportName = keyof AnalyticsReports;

/** The contract each report's reply is read by. */
const REPLIES = {
  overview: analyticsRangeOverviewResponse,
  triage: analyticsTriageResponse,
  patients: analyticsPatientsResponse,
  business: analyticsBusinessResponse,
} as const;

/** Query keys of the page's reports, `['analytics', tenant, report, range]`. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (t: TenantRef, report: ReportName, range: DateRange) => ['analytics', tenantKey(t), report, range] as const,
};

/** `GET /api/analytics/{report}?from=&to=` for the tenant. */
export function getAnalyticsReportQueryOptions<R extends ReportName>(tenant: TenantRef, report: R, range: DateRange, enabled = true) {
  return queryOptions({
    queryKey: analyticsKeys.report(tenant, report, range),
    queryFn: ({ signal }) => {
      const request = tenantRequest(tenant);
      return api(`/api/analytics/${report}`, {
        ...request,
        reply: REPLIES[report],
        query: { ...request.query, from: range.from, to: range.to },
        signal,
      }) as Promise<AnalyticsReports[R] & { success: true }>;
    },
    // A new range keeps the last charts on screen until its data arrives.
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(tenant.organizationId),
  });
}

/** One report of the page over a range. */
export function useAnalyticsReport<R extends ReportName>(tenant: TenantRef, report: R, range: DateRange, enabled?: boolean) {
  return useQuery(getAnalyticsReportQueryOptions(tenant, report, range, enabled));
}

/** The address of one chart's CSV (`GET /api/analytics/export`), for a download link. */
export function exportUrl(tenant: TenantRef, report: AnalyticsReport, range: DateRange): string {
  const params = new URLSearchParams({ report });
  const { query } = tenantRequest(tenant);
  for (const [key, value] of Object.entries({ ...query, from: range.from, to: range.to })) if (value) params.set(key, value);
  return `/api/analytics/export?${params.toString()}`;
}
