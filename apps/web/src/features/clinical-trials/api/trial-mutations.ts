import type { AdverseEventDto, AdverseEventInput, EnrollmentDto, TrialDto, TrialInput } from '@clinic/domain/contracts/clinical-trials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { trialKeys } from './keys';

/** After any change: every trial query reloads (lists, counts, enrolments, events). */
function useInvalidateTrials() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: trialKeys.all });
}

/** Creates a trial (`POST /api/clinical-trials`) or edits one (`PUT /api/clinical-trials/{id}`). */
export function useSaveTrial() {
  const invalidate = useInvalidateTrials();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TrialInput }) =>
      api<{ trial: TrialDto }>(id ? `/api/clinical-trials/${encodeURIComponent(id)}` : '/api/clinical-trials', {
        method: id ? 'PUT' : 'POST',
        body,
      }).then((r) => r.trial),
    onSuccess: invalidate,
  });
}

/** Reports an adverse event (`POST /api/clinical-trials/{id}/adverse-events`). */
export function useReportAdverseEvent() {
  const invalidate = useInvalidateTrials();
  return useMutation({
    mutationFn: ({ trialId, body }: { trialId: string; body: AdverseEventInput }) =>
      api<{ adverseEvent: AdverseEventDto }>(`/api/clinical-trials/${encodeURIComponent(trialId)}/adverse-events`, { method: 'POST', body }).then(
        (r) => r.adverseEvent,
      ),
    onSuccess: invalidate,
  });
}

/** Marks an adverse event resolved. */
export function useResolveAdverseEvent() {
  const invalidate = useInvalidateTrials();
  return useMutation({
    mutationFn: (id: string) => api(`/api/clinical-trials/adverse-events/${encodeURIComponent(id)}/resolve`, { method: 'POST', body: {} }),
    onSuccess: invalidate,
  });
}

/** Records a scheduled visit as done today. */
export function useCompleteVisit() {
  const invalidate = useInvalidateTrials();
  return useMutation({
    mutationFn: ({ enrollmentId, visitNumber }: { enrollmentId: string; visitNumber: number }) =>
      api<{ enrollment: EnrollmentDto }>(`/api/clinical-trials/enrollments/${encodeURIComponent(enrollmentId)}/visits/${visitNumber}/complete`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: invalidate,
  });
}

/** Withdraws an enrolment with its reason. */
export function useWithdrawEnrollment() {
  const invalidate = useInvalidateTrials();
  return useMutation({
    mutationFn: ({ enrollmentId, reason }: { enrollmentId: string; reason: string }) =>
      api(`/api/clinical-trials/enrollments/${encodeURIComponent(enrollmentId)}/withdraw`, { method: 'POST', body: { reason } }),
    onSuccess: invalidate,
  });
}
