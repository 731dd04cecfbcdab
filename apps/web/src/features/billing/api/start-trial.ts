import { trialStartedResponse } from '@clinic/domain/contracts/billing';
import type { PlanId } from '@clinic/domain/rules/plans';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useBillingRefresh } from './billing-refresh';

/** Starts (or switches) the 30-day trial of a plan without a card (`POST /api/billing/trial`). */
export function useStartTrial() {
  const refresh = useBillingRefresh();
  return useMutation({
    mutationFn: (plan: PlanId) => api('/api/billing/trial', { method: 'POST', body: { plan }, reply: trialStartedResponse }),
    onSuccess: refresh,
  });
}
