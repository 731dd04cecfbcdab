import { subscriptionCanceledResponse } from '@clinic/domain/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useBillingRefresh } from './billing-refresh';

/** Cancels at the end of the period (`POST /api/billing/cancel`). */
export function useCancelSubscription() {
  const refresh = useBillingRefresh();
  return useMutation({
    mutationFn: () => api('/api/billing/cancel', { method: 'POST', body: {}, reply: subscriptionCanceledResponse }),
    onSuccess: refresh,
  });
}
