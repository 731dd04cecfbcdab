import type { OrganizationSwitchReply } from '@clinic/domain/contracts/organizations-replies';
import { useMutation } from '@tanstack/react-query';
import { api } from '../client';
import { useRefreshSession } from '../session';

/** Switches the current organization and clinic, then reloads everything that depends on them. */
export function useSwitchOrganization() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (input: { organizationId: string; clinicId?: string }) =>
      api<OrganizationSwitchReply>('/api/org/switch', { method: 'POST', body: input, noTenant: true }),
    onSuccess: refresh,
  });
}
