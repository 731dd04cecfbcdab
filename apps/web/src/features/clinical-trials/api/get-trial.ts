import { trialResponse } from '@clinic/domain/contracts/clinical-trials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { trialKeys } from './keys';

/** One trial in full (`GET /api/clinical-trials/{id}`). */
export function getTrialQueryOptions(id: string) {
  return queryOptions({
    queryKey: trialKeys.detail(id),
    queryFn: ({ signal }) => api(`/api/clinical-trials/${encodeURIComponent(id)}`, { signal, reply: trialResponse }).then((r) => r.trial),
  });
}

/** One trial in full. */
export function useTrial(id: string) {
  return useQuery(getTrialQueryOptions(id));
}
