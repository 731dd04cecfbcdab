import { patientMergeResultDto, possibleMatchListDto } from '@clinic/domain/contracts/patient-merge';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { patientKeys } from './keys';

/** The open possible matches naming a chart (charts made at a kiosk or an intake that look like it). */
export function getPossibleMatchesQueryOptions(id: string) {
  return queryOptions({
    queryKey: patientKeys.possibleMatches(id),
    queryFn: async ({ signal }) =>
      possibleMatchListDto.parse(await api(`/api/patients/${encodeURIComponent(id)}/possible-matches`, { signal })).matches,
  });
}

/** A chart's open possible matches. */
export function usePossibleMatches(id: string) {
  return useQuery(getPossibleMatchesQueryOptions(id));
}

/** Merges the chart public input made into the existing chart; answers which chart stays. */
export function useMergePossibleMatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (matchId: string) =>
      patientMergeResultDto.parse(await api(`/api/patients/possible-matches/${encodeURIComponent(matchId)}/merge`, { method: 'POST', body: {} })),
    onSuccess: () => client.invalidateQueries({ queryKey: patientKeys.all }),
  });
}

/** Dismisses a possible match: the two charts are different people. */
export function useDismissPossibleMatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (matchId: string) =>
      z
        .object({ success: z.literal(true) })
        .parse(await api(`/api/patients/possible-matches/${encodeURIComponent(matchId)}/dismiss`, { method: 'POST', body: {} })),
    onSuccess: () => client.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
