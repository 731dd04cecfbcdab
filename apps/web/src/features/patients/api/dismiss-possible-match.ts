import { possibleMatchDismissedResponse } from '@clinic/domain/contracts/patient-merge';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { patientKeys } from './keys';

/** Dismisses a possible match: the two charts are different people. */
export function useDismissPossibleMatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (matchId: string) =>
      api(`/api/patients/possible-matches/${encodeURIComponent(matchId)}/dismiss`, {
        method: 'POST',
        body: {},
        reply: possibleMatchDismissedResponse,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
