import { soc2DashboardResponse } from '@clinic/domain/contracts/soc2';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantKey } from '../../../api/tenant';

/** Query keys of the SOC 2 dashboard. */
export const soc2Keys = { dashboard: () => ['soc2', tenantKey(), 'dashboard'] as const };

/** `GET /api/soc2/dashboard`: computed by the server from the live system on each read. */
export function getSoc2DashboardQueryOptions() {
  return queryOptions({
    queryKey: soc2Keys.dashboard(),
    queryFn: ({ signal }) => api('/api/soc2/dashboard', { signal, reply: soc2DashboardResponse }).then((r) => r.dashboard),
    staleTime: 0,
  });
}

/** The SOC 2 dashboard. */
export function useSoc2Dashboard() {
  return useQuery(getSoc2DashboardQueryOptions());
}
