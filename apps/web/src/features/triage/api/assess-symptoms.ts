import { triageAssessmentResponse, type TriageAssessmentDto } from '@clinic/domain/contracts/triage';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { triageHistoryKey } from './get-triage-history';

/** `POST /api/triage/assess`: assesses a symptom description and stores it for the user. */
export function useAssessSymptoms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (symptoms: string) =>
      api('/api/triage/assess', { method: 'POST', body: { symptoms }, reply: triageAssessmentResponse }).then((r) => r.assessment),
    onSuccess: (assessment) => {
      client.setQueryData<TriageAssessmentDto[]>(triageHistoryKey, (list) => [assessment, ...(list ?? []).filter((a) => a.id !== assessment.id)]);
      void client.invalidateQueries({ queryKey: triageHistoryKey });
    },
  });
}
