import { visitResponse, type VisitInput } from '@clinic/domain/contracts/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { patientKeys } from './keys';

/** Records a visit of a patient. */
export function useAddVisit(patientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: VisitInput) =>
      api(`/api/patients/${encodeURIComponent(patientId)}/visits`, { method: 'POST', body: input, reply: visitResponse }).then((r) => r.visit),
    // The visit changes the history, the quick stats and the list's "last visit".
    onSuccess: () => client.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
