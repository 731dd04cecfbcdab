import { visitListResponse } from '@clinic/domain/contracts/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { patientKeys } from './keys';

/** How many visits the history shows at once (the API's largest page). */
export const VISITS_SHOWN = 200;

/** A patient's latest visits, newest first, with the counts of all of them. */
export function getPatientVisitsQueryOptions(id: string) {
  return queryOptions({
    queryKey: patientKeys.visits(id),
    queryFn: ({ signal }) =>
      api(`/api/patients/${encodeURIComponent(id)}/visits`, {
        reply: visitListResponse,
        query: { limit: VISITS_SHOWN },
        signal,
      }),
  });
}

/** A patient's visits. */
export function usePatientVisits(id: string) {
  return useQuery(getPatientVisitsQueryOptions(id));
}
