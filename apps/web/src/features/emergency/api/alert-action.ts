import { alertResponse } from '@clinic/domain/contracts/emergency';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantRequest, type TenantRef } from '../../../api/tenant';
import { emergencyKeys } from '../../../api/emergency-room';

/** `POST /api/emergency-dashboard/alerts/{id}/acknowledge|resolve` with an optional note; reloads the board after. */
export function useAlertAction(tenant: TenantRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: 'acknowledge' | 'resolve'; note?: string }) =>
      api(`/api/emergency-dashboard/alerts/${encodeURIComponent(input.id)}/${input.action}`, {
        method: 'POST',
        ...tenantRequest(tenant),
        body: input.note ? { note: input.note } : {},
        reply: alertResponse,
      }).then((r) => r.alert),
    onSettled: () => client.invalidateQueries({ queryKey: emergencyKeys.all }),
  });
}
