import { organizationSettingsResponse, type UpdateOrganizationSettingsBody } from '@clinic/domain/contracts/organization-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { sessionQueryKey } from '../../../api/session';
import { organizationSettingsKeys } from './keys';

/** Saves a change of the settings (`PUT /api/organizations/settings`); the answer is the saved whole. */
export function useUpdateOrganizationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizationSettingsBody) =>
      api('/api/organizations/settings', { method: 'PUT', body, reply: organizationSettingsResponse }).then((r) => r.settings),
    onSuccess: (settings) => {
      client.setQueryData(organizationSettingsKeys.settings(), settings);
      // The name, the time zone and required two-factor show in the session too.
      return client.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
