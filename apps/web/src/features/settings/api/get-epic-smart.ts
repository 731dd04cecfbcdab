import { epicSmartResponse } from '@clinic/domain/contracts/settings-replies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { settingsKeys } from './keys';

/** `GET /api/settings/integrations/epic/smart`: the JWKS URL to register in Epic, and the signing keys (Admins). */
export function getEpicSmartQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.epicSmart(),
    queryFn: ({ signal }) => api('/api/settings/integrations/epic/smart', { signal, reply: epicSmartResponse }),
  });
}

/** The SMART Backend Services details of the Epic connection. */
export function useEpicSmart(enabled: boolean) {
  return useQuery({ ...getEpicSmartQueryOptions(), enabled });
}
