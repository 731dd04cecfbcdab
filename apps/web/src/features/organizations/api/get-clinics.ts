import { clinicListResponse } from '@clinic/domain/contracts/organizations-replies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** The organization's clinics (`GET /api/clinics/organization/{id}`). */
export function getClinicsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: organizationKeys.clinics(organizationId),
    queryFn: ({ signal }) =>
      api(`/api/clinics/organization/${encodeURIComponent(organizationId)}`, { signal, reply: clinicListResponse }).then((r) => r.clinics),
  });
}

/** The organization's clinics. */
export function useClinics(organizationId: string) {
  return useQuery(getClinicsQueryOptions(organizationId));
}
