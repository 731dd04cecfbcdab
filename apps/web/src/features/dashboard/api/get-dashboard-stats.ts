import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** The dashboard's figures (platform-core, Dashboard stats). */
export interface DashboardStats {
  totalPatients: number;
  activeQueue: number;
  completedToday: number;
  /** Minutes. */
  avgWaitTime: number;
}

/** What the cards show when loading fails (platform-core section 8: stats failure falls back to zeros). */
export const ZERO_DASHBOARD_STATS: DashboardStats = { totalPatients: 0, activeQueue: 0, completedToday: 0, avgWaitTime: 0 };

/**
 * `GET /api/dashboard/stats` for the current organization and clinic; the key names both, so the
 * figures reload when either changes.
 */
export function getDashboardStatsQueryOptions(tenant: { organizationId?: string | null; clinicId?: string | null }) {
  return queryOptions({
    queryKey: ['dashboard', 'stats', tenant.organizationId ?? '', tenant.clinicId ?? ''] as const,
    queryFn: ({ signal }) =>
      api<{ success: true; stats: DashboardStats }>('/api/dashboard/stats', {
        query: { organizationId: tenant.organizationId, clinicId: tenant.clinicId },
        signal,
      }).then((r) => r.stats),
    enabled: Boolean(tenant.organizationId),
  });
}

/** The dashboard's stats for the current organization and clinic. */
export function useDashboardStats(tenant: { organizationId?: string | null; clinicId?: string | null }) {
  return useQuery(getDashboardStatsQueryOptions(tenant));
}
