import { placementResponse, type PatientPlacementBody } from '@clinic/domain/contracts/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { patientKeys } from './keys';

/** Saves a patient's placement and directory opt-out (`PUT /api/patients/{id}/placement`; null clears a field). */
export function useUpdatePlacement(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { [K in keyof PatientPlacementBody]: PatientPlacementBody[K] | null }) =>
      api(`/api/patients/${encodeURIComponent(id)}/placement`, { method: 'PUT', body, reply: placementResponse }).then((r) => r.placement),
    onSuccess: (placement) => client.setQueryData(patientKeys.placement(id), placement),
  });
}
