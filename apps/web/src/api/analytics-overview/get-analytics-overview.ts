import { analyticsOverviewResponse, type AnalyticsOverviewResponse } from '@clinic/domain/contracts/analytics';
import type { AnalyticsPeriod } from '@clinic/domain/rules/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../client';
import { tenantKey, tenantRequest, type TenantRef } from '../tenant';

/** The widget's figures and the currency Revenue/Patient is in. */
export type AnalyticsOverview = Pick<AnalyticsOverviewResponse, 'analytics' | 'currency'>;

/** Milliseconds between refreshes of the widget (platform-core section 4: every 5 minutes). */
export const ANALYTICS_REFRESH_MS = 5 * 60_000;

/** Query keys of the widget, `['analytics-overview', tenant, period]`. */
export const analyticsOverviewKeys = {
  all: ['analytics-overview'] as const,
  period: (t: TenantRef, period: AnalyticsPeriod) => ['analytics-overview', tenantKey(t), period] as const,
};

/** `GET /api/analytics-overview/overview?period=` for the tenant, polled every 5 minutes. */
export function getAnalyticsOverviewQueryOptions(tenant: TenantRef, period: AnalyticsPeriod) {
  return queryOptions({
    queryKey: analyticsOverviewKeys.period(tenant, period),
    queryFn: ({ signal }) => {
      const request = tenantRequest(tenant);
      return api('/api/analytics-overview/overview', {
        ...request,
        query: { ...request.query, period },
        signal,
        reply: analyticsOverviewResponse,
      }).then(({ analytics, currency }): AnalyticsOverview => ({ analytics, currency }));
    },
    refetchInterval: ANALYTICS_REFRESH_MS,
  });
}

/** The clinic's seven analytics figures for a period. */
export function useAnalyticsOverview(tenant: TenantRef, period: AnalyticsPeriod) {
  return useQuery(getAnalyticsOverviewQueryOptions(tenant, period));
}

/** The error line: the server's own text when it sent one, else the spec's "Failed to load analytics". */
export function analyticsErrorMessage(error: Error): string {
  return error instanceof ApiError && error.status > 0 && !error.message.startsWith('API Error:') ? error.message : 'Failed to load analytics';
}
