import { patientStatsResponse } from '@clinic/domain/contracts/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { tenantKey, tenantRequest, type TenantRef } from '../tenant';

/** Query keys of the directory's counts. */
export const patientStatsKeys = {
  all: ['patient-stats'] as const,
  tenant: (t: TenantRef) => ['patient-stats', tenantKey(t)] as const,
};

/** `GET /api/patients/stats/overview`: the clinic's patient counts by status and this month's new ones. */
export function getPatientStatsQueryOptions(tenant: TenantRef, { enabled = true }: { enabled?: boolean } = {}) {
  return queryOptions({
    queryKey: patientStatsKeys.tenant(tenant),
    queryFn: ({ signal }) =>
      api('/api/patients/stats/overview', { ...tenantRequest(tenant), signal, reply: patientStatsResponse }).then((r) => r.stats),
    enabled,
  });
}

/** The clinic's patient counts. */
export function usePatientStats(tenant: TenantRef, options?: { enabled?: boolean }) {
  return useQuery(getPatientStatsQueryOptions(tenant, options));
}
