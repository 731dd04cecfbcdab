import { patientResponse } from '@clinic/domain/contracts/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { patientKeys } from './keys';

/** One patient by id. */
export function getPatientQueryOptions(id: string) {
  return queryOptions({
    queryKey: patientKeys.detail(id),
    queryFn: ({ signal }) => api(`/api/patients/${encodeURIComponent(id)}`, { signal, reply: patientResponse }).then((r) => r.patient),
  });
}

/** One patient; disabled while there is no id. */
export function usePatient(id: string | null | undefined) {
  return useQuery({ ...getPatientQueryOptions(id ?? ''), enabled: Boolean(id) });
}
