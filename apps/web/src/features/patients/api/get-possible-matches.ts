import { possibleMatchListDto } from '@clinic/domain/contracts/patient-merge';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { patientKeys } from './keys';

/** The open possible matches naming a chart (charts made at a kiosk or an intake that look like it). */
export function getPossibleMatchesQueryOptions(id: string) {
  return queryOptions({
    queryKey: patientKeys.possibleMatches(id),
    queryFn: ({ signal }) =>
      api(`/api/patients/${encodeURIComponent(id)}/possible-matches`, { signal, reply: possibleMatchListDto }).then((r) => r.matches),
  });
}

/** A chart's open possible matches. */
export function usePossibleMatches(id: string) {
  return useQuery(getPossibleMatchesQueryOptions(id));
}
