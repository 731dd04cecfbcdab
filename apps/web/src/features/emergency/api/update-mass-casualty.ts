import { massCasualtyEventResponse } from '@clinic/domain/contracts/emergency';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantRequest, type TenantRef } from '../../../api/tenant';
import { emergencyKeys } from '../../../api/emergency-room';

/** `PATCH /api/emergency-dashboard/mass-casualty/{id}`: updates or closes an event; reloads the board after. */
export function useUpdateMassCasualty(tenant: TenantRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; status?: 'ACTIVE' | 'CLOSED'; expectedArrivals?: number }) => {
      const { id, ...body } = input;
      return api(`/api/emergency-dashboard/mass-casualty/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        ...tenantRequest(tenant),
        body,
        reply: massCasualtyEventResponse,
      }).then((r) => r.event);
    },
    onSettled: () => client.invalidateQueries({ queryKey: emergencyKeys.all }),
  });
}
