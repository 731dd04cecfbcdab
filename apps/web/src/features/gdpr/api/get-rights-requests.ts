import { rightsRequestListResponse } from '@clinic/domain/contracts/gdpr';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { gdprKeys } from './keys';

/** Most requests one patient's list shows (the API's largest page). */
export const REQUESTS_SHOWN = 200;

/** A patient's rights requests, newest first, with days left and the overdue flag. */
export function getPatientRightsRequestsQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: gdprKeys.requests({ patientId }),
    queryFn: ({ signal }) => api('/api/gdpr/requests', { query: { patientId, limit: REQUESTS_SHOWN }, signal, reply: rightsRequestListResponse }),
  });
}

/** A patient's rights requests. */
export function usePatientRightsRequests(patientId: string) {
  return useQuery(getPatientRightsRequestsQueryOptions(patientId));
}
