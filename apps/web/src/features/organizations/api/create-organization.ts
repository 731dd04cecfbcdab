import type { OrganizationDto } from '@clinic/domain/contracts/organizations';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useRefreshSession } from '../../../api/session';

/** Creates the organization (`POST /api/organizations`) with its main clinic, then reloads the session. */
export function useCreateOrganization() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api<{ organization: OrganizationDto; message: string }>('/api/organizations', { method: 'POST', body, noTenant: true }),
    onSuccess: () => refresh(),
  });
}
