import { patientMergeResultDto } from '@clinic/domain/contracts/patient-merge';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { patientKeys } from './keys';

/** Merges the chart public input made into the existing chart; answers which chart stays. */
export function useMergePossibleMatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (matchId: string) =>
      api(`/api/patients/possible-matches/${encodeURIComponent(matchId)}/merge`, { method: 'POST', body: {}, reply: patientMergeResultDto }),
    onSuccess: () => client.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
