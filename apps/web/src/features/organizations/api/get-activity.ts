import type { RecentActivityResponse } from '@clinic/domain/contracts/activity';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** Items per page of the Activity tab. */
export const ACTIVITY_PAGE_SIZE = 20;

/** A page of the organization's activity (`GET /api/activity/recent` with limit and offset). */
export function getOrganizationActivityQueryOptions(page: number) {
  return queryOptions({
    queryKey: organizationKeys.activity(page),
    queryFn: ({ signal }) =>
      api<RecentActivityResponse>('/api/activity/recent', {
        signal,
        query: { limit: ACTIVITY_PAGE_SIZE, offset: (page - 1) * ACTIVITY_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the organization's activity. */
export function useOrganizationActivity(page: number) {
  return useQuery(getOrganizationActivityQueryOptions(page));
}
