import { trialListResponse } from '@clinic/domain/contracts/clinical-trials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { trialKeys } from './keys';

/** The organization's trials (`GET /api/clinical-trials`). */
export function getTrialsQueryOptions() {
  return queryOptions({
    queryKey: trialKeys.list(),
    queryFn: ({ signal }) => api('/api/clinical-trials', { signal, reply: trialListResponse }).then((r) => r.trials),
  });
}

/** The organization's trials. */
export function useTrials() {
  return useQuery(getTrialsQueryOptions());
}
