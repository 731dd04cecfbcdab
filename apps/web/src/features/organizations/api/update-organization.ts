import { organizationUpdatedResponse } from '@clinic/domain/contracts/organizations-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useRefreshSession } from '../../../api/session';
import { organizationKeys } from './keys';

/** Saves the organization's changes (`PUT /api/organizations`), then reloads it and the session. */
export function useUpdateOrganization() {
  const client = useQueryClient();
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api('/api/organizations', { method: 'PUT', body, reply: organizationUpdatedResponse }),
    onSuccess: (r) => {
      client.setQueryData(organizationKeys.organization(), r.organization);
      return refresh();
    },
  });
}
