import { organizationCreatedResponse } from '@clinic/domain/contracts/organizations-replies';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useRefreshSession } from '../../../api/session';

/** Creates the organization (`POST /api/organizations`) with its main clinic, then reloads the session. */
export function useCreateOrganization() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api('/api/organizations', { method: 'POST', body, noTenant: true, reply: organizationCreatedResponse }),
    onSuccess: () => refresh(),
  });
}
