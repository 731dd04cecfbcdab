import { kioskStatsResponse } from '@clinic/domain/contracts/kiosk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantKey, tenantRequest, type TenantRef } from '../../../api/tenant';

/** Query keys of the Kiosk tab's figures; a check-in (`queue.updated`) refreshes them (see `api/events`). */
export const kioskStatsKeys = {
  tenant: (t: TenantRef) => ['kiosk-stats', tenantKey(t)] as const,
};

/** `GET /api/kiosk/stats`: the clinic's kiosk check-ins of its local day and their average duration. */
export function getKioskStatsQueryOptions(tenant: TenantRef) {
  return queryOptions({
    queryKey: kioskStatsKeys.tenant(tenant),
    queryFn: ({ signal }) => api('/api/kiosk/stats', { ...tenantRequest(tenant), signal, reply: kioskStatsResponse }).then((r) => r.stats),
    enabled: Boolean(tenant.organizationId),
  });
}

/** The Kiosk tab's figures for the current organization and clinic. */
export function useKioskStats(tenant: TenantRef) {
  return useQuery(getKioskStatsQueryOptions(tenant));
}
