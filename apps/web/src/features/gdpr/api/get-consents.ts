import { consentListResponse } from '@clinic/domain/contracts/gdpr';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { gdprKeys } from './keys';

/** A patient's consents, newest first, withdrawn ones included. */
export function getConsentsQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: gdprKeys.consents(patientId),
    queryFn: ({ signal }) => api('/api/gdpr/consents', { query: { patientId }, signal, reply: consentListResponse }).then((r) => r.consents),
  });
}

/** A patient's consents. */
export function useConsents(patientId: string) {
  return useQuery(getConsentsQueryOptions(patientId));
}
