import { queueEntryResponse } from '@clinic/domain/contracts/queue';
import type { UrgencyLevel } from '@clinic/domain/rules/risk-levels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantRequest, type TenantRef } from '../../../api/tenant';
import { waitingRoomKeys } from '../../../api/waiting-room';

/** Actions on an open entry other than Start Care (which has its own call). */
export type QueueEntryAction = 'complete' | 'admit' | 'emergency-admit' | 'cancel';

/** What Complete Care records besides the status: the clinician's final priority and the patient's rating. */
export interface CareOutcome {
  finalPriority?: UrgencyLevel;
  rating?: number;
}

/** `POST /api/triage/waiting-room/{id}/{action}` with an optional note (and, for Complete Care, the outcome); reloads the queue after. */
export function useQueueAction(tenant: TenantRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: QueueEntryAction; note?: string; outcome?: CareOutcome }) =>
      api(`/api/triage/waiting-room/${encodeURIComponent(input.id)}/${input.action}`, {
        method: 'POST',
        ...tenantRequest(tenant),
        body: { ...(input.note ? { note: input.note } : {}), ...(input.action === 'complete' ? input.outcome : {}) },
        reply: queueEntryResponse,
      }).then((r) => r.patient),
    onSettled: () => client.invalidateQueries({ queryKey: waitingRoomKeys.all }),
  });
}
