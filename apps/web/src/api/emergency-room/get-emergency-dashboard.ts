import { emergencyDashboardResponse } from '@clinic/domain/contracts/emergency-replies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { tenantRequest, type TenantRef } from '../tenant';
import { emergencyKeys } from './keys';

/** `GET /api/emergency-dashboard/dashboard`: the board in one call, without the Vital Signs and Risk Assessment tabs' records. */
export function getEmergencyDashboardQueryOptions(tenant: TenantRef, options: { enabled?: boolean } = {}) {
  return queryOptions({
    queryKey: emergencyKeys.dashboard(tenant),
    queryFn: ({ signal }) =>
      api('/api/emergency-dashboard/dashboard', { ...tenantRequest(tenant), signal, reply: emergencyDashboardResponse }).then((r) => r.data),
    enabled: options.enabled ?? true,
  });
}

/** The whole emergency room dashboard of the current clinic. */
export function useEmergencyDashboard(tenant: TenantRef, options: { enabled?: boolean } = {}) {
  return useQuery(getEmergencyDashboardQueryOptions(tenant, options));
}
