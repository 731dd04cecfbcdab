import { queueHistoryResponse, type queueTransitionDto } from '@clinic/domain/contracts/queue';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { tenantRequest, type TenantRef } from '../../../api/tenant';
import { waitingRoomKeys } from '../../../api/waiting-room';

/** One recorded transition: who, when, from, to. */
export type QueueTransition = z.infer<typeof queueTransitionDto>;

/** `GET /api/triage/waiting-room/{id}/history`: the entry's transitions, as recorded. */
export function useEntryHistory(entryId: string, tenant: TenantRef) {
  return useQuery({
    queryKey: waitingRoomKeys.history(tenant, entryId),
    queryFn: ({ signal }) =>
      api(`/api/triage/waiting-room/${encodeURIComponent(entryId)}/history`, {
        ...tenantRequest(tenant),
        signal,
        reply: queueHistoryResponse,
      }).then((r) => r.transitions),
  });
}
