import { epicSyncResponse } from '@clinic/domain/contracts/settings-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { userSettingsKeys } from '../../../api/user-settings';

/** `POST /api/settings/integrations/epic/sync`: Sync Patients from the Epic EHR; the last sync time is reloaded after. */
export function useSyncEpic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/settings/integrations/epic/sync', { method: 'POST', body: {}, reply: epicSyncResponse }).then((r) => r.summary),
    onSettled: () => client.invalidateQueries({ queryKey: userSettingsKeys.orgInfo() }),
  });
}
