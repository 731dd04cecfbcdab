import type { AvailableOrganizationDto } from '@clinic/domain/contracts/organizations';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useRefreshSession } from '../../../api/session';

/** Organizations the signed-in user may switch to. */
export function useAvailableOrganizations() {
  return useQuery({
    queryKey: ['org', 'available'],
    queryFn: () => api<{ organizations: AvailableOrganizationDto[] }>('/api/org/available', { noTenant: true }).then((r) => r.organizations),
    staleTime: 60_000,
  });
}

/** Switches the current organization and clinic, then reloads everything that depends on them. */
export function useSwitchOrganization() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (input: { organizationId: string; clinicId?: string }) =>
      api('/api/org/switch', { method: 'POST', body: input, noTenant: true }),
    onSuccess: refresh,
  });
}
