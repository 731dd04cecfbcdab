import { visitorKioskPolicyResponse } from '@clinic/domain/contracts/visitors';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantKey } from '../../../api/tenant';

/**
 * How the kiosk's organization lets visitors name the patient (`GET /api/visitors/kiosk-policy`):
 * by name, or by room number too. Until it answers the kiosk asks for the name.
 */
export function useVisitorKioskPolicy(tenant: { organizationId: string; clinicId: string }) {
  return useQuery({
    queryKey: ['visitor-kiosk-policy', tenantKey(tenant)],
    queryFn: ({ signal }) => api('/api/visitors/kiosk-policy', { query: tenant, noTenant: true, signal, reply: visitorKioskPolicyResponse }),
    staleTime: 5 * 60_000,
  });
}
