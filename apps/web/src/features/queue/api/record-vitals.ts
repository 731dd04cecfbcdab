import { queueEntryResponse, type RecordVitalsBody } from '@clinic/domain/contracts/queue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantRequest, type TenantRef } from '../../../api/tenant';
import { waitingRoomKeys, type WaitingRoom } from '../../../api/waiting-room';

/** `POST /api/triage/waiting-room/{id}/vitals`: the server recomputes risk and NEWS2. */
export function useRecordVitals(tenant: TenantRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; vitals: RecordVitalsBody }) =>
      api(`/api/triage/waiting-room/${encodeURIComponent(input.id)}/vitals`, {
        method: 'POST',
        ...tenantRequest(tenant),
        body: input.vitals,
        reply: queueEntryResponse,
      }).then((r) => r.patient),
    onSuccess: async (patient) => {
      client.setQueryData<WaitingRoom>(waitingRoomKeys.staff(tenant), (room) =>
        room ? { ...room, patients: room.patients.map((p) => (p.id === patient.id ? patient : p)) } : room,
      );
      await client.invalidateQueries({ queryKey: waitingRoomKeys.all });
    },
  });
}
