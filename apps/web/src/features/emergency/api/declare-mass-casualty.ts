import { massCasualtyEventResponse } from '@clinic/domain/contracts/emergency';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantRequest, type TenantRef } from '../../../api/tenant';
import { emergencyKeys } from '../../../api/emergency-room';

/** What a declaration sends. */
export interface DeclareMassCasualtyInput {
  eventType: string;
  severity: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';
  expectedArrivals: number;
  resourcesNeeded: string[];
}

/** `POST /api/emergency-dashboard/mass-casualty`: declares an event; reloads the board after. */
export function useDeclareMassCasualty(tenant: TenantRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DeclareMassCasualtyInput) =>
      api('/api/emergency-dashboard/mass-casualty', {
        method: 'POST',
        ...tenantRequest(tenant),
        body: input,
        reply: massCasualtyEventResponse,
      }).then((r) => r.event),
    onSettled: () => client.invalidateQueries({ queryKey: emergencyKeys.all }),
  });
}
