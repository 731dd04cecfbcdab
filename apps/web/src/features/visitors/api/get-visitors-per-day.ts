import { visitorDailyResponse } from '@clinic/domain/contracts/visitors';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { visitorKeys } from './keys';

/** Visitors checked in per organization-local day from `from` to `to` (`GET /api/visitors/daily`). */
export function getVisitorsPerDayQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: visitorKeys.daily(from, to),
    queryFn: ({ signal }) => api('/api/visitors/daily', { query: { from, to }, signal, reply: visitorDailyResponse }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The Reports tab's visitors per day; nothing is asked while the range is incomplete or reversed. */
export function useVisitorsPerDay(from: string, to: string) {
  return useQuery({ ...getVisitorsPerDayQueryOptions(from, to), enabled: from !== '' && to !== '' && from <= to });
}
