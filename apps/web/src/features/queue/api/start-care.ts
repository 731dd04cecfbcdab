import { queueEntryResponse } from '@clinic/domain/contracts/queue';
import { statsAfterStartCare } from '@clinic/domain/rules/queue-status';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantRequest, type TenantRef } from '../../../api/tenant';
import { waitingRoomKeys, type WaitingRoom } from '../../../api/waiting-room';

/**
 * Start Care: `PUT /api/triage/case/{id}/status` with status in-progress, the time and the signed-in
 * user ('system' when unknown). On success the entry is in progress in the cached queue (so it leaves
 * the waiting list at once), the counts move by one, and the queue is reloaded.
 */
export function useStartCare(tenant: TenantRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; startedBy?: string | null }) =>
      api(`/api/triage/case/${encodeURIComponent(input.id)}/status`, {
        method: 'PUT',
        ...tenantRequest(tenant),
        body: { status: 'in-progress', startedAt: new Date().toISOString(), startedBy: input.startedBy || 'system' },
        reply: queueEntryResponse,
      }).then((r) => r.patient),
    onSuccess: async (patient, input) => {
      client.setQueryData<WaitingRoom>(waitingRoomKeys.staff(tenant), (room) =>
        room
          ? {
              patients: room.patients.map((p) => (p.id === input.id ? { ...p, ...patient, status: 'in-progress' } : p)),
              stats: statsAfterStartCare(room.stats),
            }
          : room,
      );
      await client.invalidateQueries({ queryKey: waitingRoomKeys.all });
    },
  });
}
