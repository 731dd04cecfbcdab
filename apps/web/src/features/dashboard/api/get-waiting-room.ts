import type { QueueEntryDto } from '@clinic/domain/contracts/triage';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** The clinic's open queue entries, for the dashboard's Queue Manager tab (refreshed every 30 s). */
export function useDashboardQueue(tenant: { organizationId?: string; clinicId?: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'queue', tenant.organizationId ?? '', tenant.clinicId ?? ''] as const,
    queryFn: ({ signal }) =>
      api<{ patients: QueueEntryDto[] }>('/api/triage/waiting-room', { query: tenant, signal }).then((r) => r.patients),
    enabled: enabled && Boolean(tenant.organizationId),
    refetchInterval: 30_000,
  });
}
