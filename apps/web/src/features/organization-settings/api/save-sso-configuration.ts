import { ssoConfigurationResponse, type SsoConfigurationBody } from '@clinic/domain/contracts/sso';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationSettingsKeys } from './keys';

/**
 * Saves the organization's single sign-on (`PUT /api/organizations/sso`); the server discovers and
 * checks the issuer first (a failure is a 400 naming `issuer`). The answer is the saved whole.
 */
export function useSaveSsoConfiguration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoConfigurationBody) =>
      api('/api/organizations/sso', { method: 'PUT', body, reply: ssoConfigurationResponse }).then((r) => r.ssoConfiguration),
    onSuccess: (saved) => client.setQueryData(organizationSettingsKeys.sso(), saved),
  });
}
