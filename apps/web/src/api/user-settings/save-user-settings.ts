import type { SettingsPatch } from '@clinic/domain/contracts/settings';
import { saveSettingsResponse } from '@clinic/domain/contracts/settings-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { userSettingsKeys } from './get-user-settings';

/** `POST /api/settings` `{ settings }`: saves a part of the member's settings; the answer is the whole. */
export function useSaveUserSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: SettingsPatch) =>
      api('/api/settings', { method: 'POST', body: { settings }, reply: saveSettingsResponse }).then((r) => r.settings),
    onSuccess: (settings) => {
      client.setQueryData(userSettingsKeys.settings(), settings);
      void client.invalidateQueries({ queryKey: userSettingsKeys.all });
      // Names, role and department show in the session's user too.
      void client.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
