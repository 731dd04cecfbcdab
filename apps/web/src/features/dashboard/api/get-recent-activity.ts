import { RECENT_ACTIVITY_SHOWN, recentActivityResponse, type RecentActivityResponse } from '@clinic/domain/contracts/activity';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantKey, tenantRequest, type TenantRef } from '../../../api/tenant';

/** A page of the organization's activity, newest first, and how many items there are in all. */
export type RecentActivity = Pick<RecentActivityResponse, 'activities' | 'total'>;

/** One page: how many items, from which one. */
export interface ActivityPage {
  limit: number;
  offset: number;
}

/** Milliseconds between refreshes of the activity (platform-core section 4: every 30 seconds). */
export const RECENT_ACTIVITY_REFRESH_MS = 30_000;

/** The panel's page: the first 10. */
export const FIRST_ACTIVITY_PAGE: ActivityPage = { limit: RECENT_ACTIVITY_SHOWN, offset: 0 };

/**
 * Query keys of the activity, `['recent-activity', tenant, page]`: queue, patient and member events
 * refresh every page (see `api/events`).
 */
export const recentActivityKeys = {
  all: ['recent-activity'] as const,
  page: (t: TenantRef, page: ActivityPage) => ['recent-activity', tenantKey(t), page] as const,
};

/** `GET /api/activity/recent` for the tenant, polled every 30 seconds while shown. */
export function getRecentActivityQueryOptions(tenant: TenantRef, page: ActivityPage = FIRST_ACTIVITY_PAGE, enabled = true) {
  return queryOptions<RecentActivity, Error, RecentActivity, ReturnType<typeof recentActivityKeys.page>>({
    queryKey: recentActivityKeys.page(tenant, page),
    queryFn: ({ signal }) => {
      const request = tenantRequest(tenant);
      return api('/api/activity/recent', {
        ...request,
        query: { ...request.query, limit: page.limit, offset: page.offset },
        signal,
        reply: recentActivityResponse,
      }).then(({ activities, total }): RecentActivity => ({ activities, total }));
    },
    refetchInterval: RECENT_ACTIVITY_REFRESH_MS,
    // Paging through the full list keeps the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(tenant.organizationId),
  });
}

/** A page of the tenant's recent activity (the first 10 unless `page` says otherwise). */
export function useRecentActivity(tenant: TenantRef, page?: ActivityPage, enabled?: boolean) {
  return useQuery(getRecentActivityQueryOptions(tenant, page, enabled));
}
