import { patientListResponse, type PatientListQuery } from '@clinic/domain/contracts/patients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { patientKeys } from './keys';

/** The list call's parameters as the page holds them. */
export type PatientListParams = Pick<PatientListQuery, 'status' | 'sort' | 'limit' | 'offset'> & { search?: string };

/** One page of the directory (the spec's `GET /api/triage/patients`). */
export function getPatientsQueryOptions(params: PatientListParams) {
  return queryOptions({
    queryKey: patientKeys.list(params),
    queryFn: ({ signal }) =>
      api('/api/triage/patients', {
        reply: patientListResponse,
        query: { search: params.search, status: params.status, sort: params.sort, limit: params.limit, offset: params.offset },
        signal,
      }),
    // Keep the current rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

/** A page of patients. */
export function usePatients(params: PatientListParams) {
  return useQuery(getPatientsQueryOptions(params));
}
