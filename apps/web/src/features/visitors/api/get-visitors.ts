import { visitorListResponse, type VisitorListQuery } from '@clinic/domain/contracts/visitors';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { visitorKeys } from './keys';

/** The list call's parameters as the console holds them. */
export type VisitorListParams = Partial<Pick<VisitorListQuery, 'search' | 'status' | 'page' | 'limit'>>;

/** A page of visitors, newest first (`GET /api/visitors`). */
export function getVisitorsQueryOptions(params: VisitorListParams) {
  return queryOptions({
    queryKey: visitorKeys.list(params),
    queryFn: ({ signal }) =>
      api('/api/visitors', {
        query: { search: params.search, status: params.status, page: params.page, limit: params.limit },
        signal,
        reply: visitorListResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A page of visitors. */
export function useVisitors(params: VisitorListParams) {
  return useQuery(getVisitorsQueryOptions(params));
}
