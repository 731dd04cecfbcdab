import { placementResponse } from '@clinic/domain/contracts/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { patientKeys } from './keys';

/** Where a patient is (department, floor, room) and their facility-directory opt-out (`GET /api/patients/{id}/placement`). */
export function getPlacementQueryOptions(id: string) {
  return queryOptions({
    queryKey: patientKeys.placement(id),
    queryFn: ({ signal }) =>
      api(`/api/patients/${encodeURIComponent(id)}/placement`, { signal, reply: placementResponse }).then((r) => r.placement),
  });
}

/** A patient's placement. */
export function usePlacement(id: string) {
  return useQuery(getPlacementQueryOptions(id));
}
