import { epicSmartResponse } from '@clinic/domain/contracts/settings-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { settingsKeys } from './keys';

/** `POST /api/settings/integrations/epic/smart/rotate-key`: a new signing key; the old one stays published for an hour. */
export function useRotateEpicKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/settings/integrations/epic/smart/rotate-key', { method: 'POST', body: {}, reply: epicSmartResponse }),
    onSuccess: (details) => client.setQueryData(settingsKeys.epicSmart(), details),
  });
}
