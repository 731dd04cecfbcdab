import { useQueryClient } from '@tanstack/react-query';
import { useRefreshSession } from '../../../api/session';
import { billingKeys } from './keys';

export function useBillingRefresh() {
  const client = useQueryClient();
  const refresh = useRefreshSession();
  return async () => {
    await client.invalidateQueries({ queryKey: billingKeys.subscription() });
    await refresh();
  };
}
