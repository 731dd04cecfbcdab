import type { PlanId } from '@clinic/domain/rules/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useRefreshSession } from '../../../api/session';
import { billingKeys } from './keys';

function useBillingRefresh() {
  const client = useQueryClient();
  const refresh = useRefreshSession();
  return async () => {
    await client.invalidateQueries({ queryKey: billingKeys.subscription() });
    await refresh();
  };
}

/** Starts (or switches) the 30-day trial of a plan without a card (`POST /api/billing/trial`). */
export function useStartTrial() {
  const refresh = useBillingRefresh();
  return useMutation({
    mutationFn: (plan: PlanId) => api('/api/billing/trial', { method: 'POST', body: { plan } }),
    onSuccess: refresh,
  });
}

/** Opens the provider's checkout for a plan (`POST /api/billing/checkout`); answers its page. */
export function useCheckout() {
  return useMutation({
    mutationFn: (plan: PlanId) => api<{ url: string }>('/api/billing/checkout', { method: 'POST', body: { plan } }).then((r) => r.url),
  });
}

/** Cancels at the end of the period (`POST /api/billing/cancel`). */
export function useCancelSubscription() {
  const refresh = useBillingRefresh();
  return useMutation({
    mutationFn: () => api('/api/billing/cancel', { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
}
