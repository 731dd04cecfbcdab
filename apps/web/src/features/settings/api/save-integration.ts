import { organizationSettingsResponse, type UpdateOrganizationSettingsBody } from '@clinic/domain/contracts/organization-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { userSettingsKeys } from '../../../api/user-settings';

/** An integration the System category turns on or off. */
export type IntegrationKey = 'emr' | 'lab' | 'radiology';

/**
 * Turns one of the organization's integrations on or off (Admins) through the organization
 * settings' own call (`PUT /api/organizations/settings`, the Integrations tab of
 * /organization/settings, which also edits its system name and endpoint).
 */
export function useSaveIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, enabled }: { key: IntegrationKey; enabled: boolean }) => {
      const body: UpdateOrganizationSettingsBody = { integrations: { [key]: { enabled } } };
      return api('/api/organizations/settings', { method: 'PUT', body, reply: organizationSettingsResponse });
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: userSettingsKeys.orgInfo() }),
        // The organization settings screen's copy of the same values.
        client.invalidateQueries({ queryKey: ['organization-settings'] }),
      ]),
  });
}
