import { dashboardStatsResponse, type DashboardStatsDto } from '@clinic/domain/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantKey, tenantRequest, type TenantRef } from '../../../api/tenant';

/** The dashboard's figures (platform-core, Dashboard stats). */
export type DashboardStats = DashboardStatsDto;

/** What the cards show when loading fails (platform-core section 8: stats failure falls back to zeros). */
export const ZERO_DASHBOARD_STATS: DashboardStats = { totalPatients: 0, activeQueue: 0, completedToday: 0, avgWaitTime: 0 };

/** Query keys of the dashboard's figures; queue and patient events refresh them (see `api/events`). */
export const dashboardStatsKeys = {
  all: ['dashboard-stats'] as const,
  tenant: (t: TenantRef) => ['dashboard-stats', tenantKey(t)] as const,
};

/**
 * `GET /api/dashboard/stats` for the current organization and clinic; the key names both, so the
 * figures reload when either changes.
 */
export function getDashboardStatsQueryOptions(tenant: TenantRef) {
  return queryOptions({
    queryKey: dashboardStatsKeys.tenant(tenant),
    queryFn: ({ signal }) => api('/api/dashboard/stats', { ...tenantRequest(tenant), signal, reply: dashboardStatsResponse }).then((r) => r.stats),
    enabled: Boolean(tenant.organizationId),
  });
}

/** The dashboard's stats for the current organization and clinic. */
export function useDashboardStats(tenant: TenantRef) {
  return useQuery(getDashboardStatsQueryOptions(tenant));
}
