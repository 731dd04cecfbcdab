import type { EpicIntegrationBody } from '@clinic/domain/contracts/settings';
import { epicResponse } from '@clinic/domain/contracts/settings-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { userSettingsKeys } from '../../../api/user-settings';
import { settingsKeys } from './keys';

/** `PUT /api/settings/integrations/epic`: saves the organization's Epic EHR connection (Admins). */
export function useSaveEpic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (epic: EpicIntegrationBody) =>
      api('/api/settings/integrations/epic', { method: 'PUT', body: epic, reply: epicResponse }).then((r) => r.epic),
    // Saving a SMART connection makes the organization's signing key: the key list is read again too.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: userSettingsKeys.orgInfo() }),
        client.invalidateQueries({ queryKey: settingsKeys.epicSmart() }),
      ]),
  });
}
