import { publicTrialResponse } from '@clinic/domain/contracts/clinical-trials';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/**
 * The trial an intake enrols for (`GET /api/clinical-trials/{id}?view=public`): its title, status
 * and age range, read as anyone may (the page is public, even in a staff member's browser).
 */
export function usePublicTrial(trialId: string | null, tenant: { organizationId: string; clinicId?: string }) {
  return useQuery({
    queryKey: ['public-trial', tenant.organizationId, trialId],
    queryFn: ({ signal }) =>
      api(`/api/clinical-trials/${encodeURIComponent(trialId!)}`, {
        query: { view: 'public', organizationId: tenant.organizationId, clinicId: tenant.clinicId },
        noTenant: true,
        signal,
        reply: publicTrialResponse,
      }),
    enabled: Boolean(trialId),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
