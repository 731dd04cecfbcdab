import { epicTestResult } from '@clinic/domain/contracts/settings';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `POST /api/settings/integrations/epic/test`: Test Connection, run by the server against the saved base URL. */
export function useTestEpic() {
  return useMutation({
    mutationFn: () => api('/api/settings/integrations/epic/test', { method: 'POST', body: {}, reply: epicTestResult }),
  });
}
