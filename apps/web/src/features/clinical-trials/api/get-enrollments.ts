import { enrollmentListResponse } from '@clinic/domain/contracts/clinical-trials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { trialKeys } from './keys';

/** A trial's enrolments with their visit schedules (`GET /api/clinical-trials/{id}/enrollments`). */
export function getEnrollmentsQueryOptions(trialId: string) {
  return queryOptions({
    queryKey: trialKeys.enrollments(trialId),
    queryFn: ({ signal }) =>
      api(`/api/clinical-trials/${encodeURIComponent(trialId)}/enrollments`, { signal, reply: enrollmentListResponse }).then((r) => r.enrollments),
  });
}

/** A trial's enrolments; nothing is read until a trial is chosen. */
export function useEnrollments(trialId: string | null) {
  return useQuery({ ...getEnrollmentsQueryOptions(trialId ?? ''), enabled: Boolean(trialId) });
}
