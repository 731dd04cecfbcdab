import type { TrialDto } from '@clinic/domain/contracts/clinical-trials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { trialKeys } from './keys';

/** The organization's trials (`GET /api/clinical-trials`). */
export function getTrialsQueryOptions() {
  return queryOptions({
    queryKey: trialKeys.list(),
    queryFn: ({ signal }) => api<{ trials: TrialDto[] }>('/api/clinical-trials', { signal }).then((r) => r.trials),
  });
}

/** The organization's trials. */
export function useTrials() {
  return useQuery(getTrialsQueryOptions());
}
