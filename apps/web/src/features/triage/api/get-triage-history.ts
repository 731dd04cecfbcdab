import { triageHistoryResponse } from '@clinic/domain/contracts/triage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const triageHistoryKey = ['triage', 'history'] as const;

/** `GET /api/triage/history`: the signed-in user's latest assessments, newest first. */
export function getTriageHistoryQueryOptions() {
  return queryOptions({
    queryKey: triageHistoryKey,
    queryFn: ({ signal }) => api('/api/triage/history', { signal, reply: triageHistoryResponse }).then((r) => r.assessments),
  });
}

/** The user's recent triage assessments. */
export function useTriageHistory() {
  return useQuery(getTriageHistoryQueryOptions());
}
