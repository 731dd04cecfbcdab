import type { PatientStatsDto } from '@clinic/domain/contracts/patients';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Patient counts of the clinic, for the dashboard's Patients tab. */
export function useDashboardPatientStats(tenant: { organizationId?: string; clinicId?: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'patient-stats', tenant.organizationId ?? '', tenant.clinicId ?? ''] as const,
    queryFn: ({ signal }) =>
      api<{ stats: PatientStatsDto }>('/api/patients/stats/overview', { query: tenant, signal }).then((r) => r.stats),
    enabled: enabled && Boolean(tenant.organizationId),
  });
}
