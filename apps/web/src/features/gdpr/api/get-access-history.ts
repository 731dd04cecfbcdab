import { patientAuditLogResponse } from '@clinic/domain/contracts/gdpr';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { gdprKeys } from './keys';

/** How many access history rows the tab shows. */
export const ACCESS_HISTORY_SHOWN = 50;

/** The patient's access history (who read or changed the record, when), newest first: Admins only. */
export function getAccessHistoryQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: gdprKeys.accessHistory(patientId),
    queryFn: ({ signal }) =>
      api('/api/gdpr/audit-logs', {
        reply: patientAuditLogResponse,
        query: { patientId, limit: ACCESS_HISTORY_SHOWN },
        signal,
      }),
  });
}

/** The patient's access history. */
export function useAccessHistory(patientId: string) {
  return useQuery(getAccessHistoryQueryOptions(patientId));
}
