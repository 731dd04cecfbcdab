import { triageAssessmentResponse, type TriageAssessmentDto } from '@clinic/domain/contracts/triage';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { triageHistoryKey } from './get-triage-history';

/** What a user does with an assessment. */
export type AssessmentAction = 'accept' | 'second-opinion';

/** `POST /api/triage/assessments/{id}/action`: records Accept Recommendation or Get Second Opinion. */
export function useRecordAssessmentAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: AssessmentAction }) =>
      api(`/api/triage/assessments/${encodeURIComponent(input.id)}/action`, {
        method: 'POST',
        body: { action: input.action },
        reply: triageAssessmentResponse,
      }).then((r) => r.assessment),
    onSuccess: (assessment) => {
      client.setQueryData<TriageAssessmentDto[]>(triageHistoryKey, (list) => list?.map((a) => (a.id === assessment.id ? assessment : a)));
      void client.invalidateQueries({ queryKey: triageHistoryKey });
    },
  });
}
