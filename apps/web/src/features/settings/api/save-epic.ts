import type { EpicIntegration } from '@clinic/domain/contracts/settings';
import { epicResponse } from '@clinic/domain/contracts/settings-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { userSettingsKeys } from '../../../api/user-settings';

/** `PUT /api/settings/integrations/epic`: saves the organization's Epic EHR connection (Admins). */
export function useSaveEpic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (epic: Partial<Omit<EpicIntegration, 'lastSync'>> & { bearerToken?: string | null }) =>
      api('/api/settings/integrations/epic', { method: 'PUT', body: epic, reply: epicResponse }).then((r) => r.epic),
    onSuccess: () => client.invalidateQueries({ queryKey: userSettingsKeys.orgInfo() }),
  });
}
