import { integrationsResponse } from '@clinic/domain/contracts/emergency';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantRequest, type TenantRef } from '../../../api/tenant';
import { emergencyKeys } from '../../../api/emergency-room';

/** `POST /api/emergency-dashboard/integrations/check`: checks every configured integration now; reloads the board after. */
export function useCheckIntegrations(tenant: TenantRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api('/api/emergency-dashboard/integrations/check', {
        method: 'POST',
        ...tenantRequest(tenant),
        body: {},
        reply: integrationsResponse,
      }).then((r) => r.integrations),
    onSettled: () => client.invalidateQueries({ queryKey: emergencyKeys.all }),
  });
}
