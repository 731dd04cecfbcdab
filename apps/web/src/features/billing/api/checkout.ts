import { checkoutResponse } from '@clinic/domain/contracts/billing';
import type { PlanId } from '@clinic/domain/rules/plans';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Opens the provider's checkout for a plan (`POST /api/billing/checkout`); answers its page. */
export function useCheckout() {
  return useMutation({
    mutationFn: (plan: PlanId) => api('/api/billing/checkout', { method: 'POST', body: { plan }, reply: checkoutResponse }).then((r) => r.url),
  });
}
