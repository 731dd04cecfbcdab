import { epicSyncResponse } from '@clinic/domain/contracts/settings-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { settingsKeys } from './keys';

/**
 * `POST /api/settings/integrations/epic/sync`: Sync Patients, queued for the server's background
 * worker (or the open run it joined); the runs are reloaded at once and then followed by polling.
 */
export function useSyncEpic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/settings/integrations/epic/sync', { method: 'POST', body: {}, reply: epicSyncResponse }).then((r) => r.run),
    onSettled: () => client.invalidateQueries({ queryKey: settingsKeys.epicSyncRuns() }),
  });
}
