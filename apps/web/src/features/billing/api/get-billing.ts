import { billingResponse } from '@clinic/domain/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { billingKeys } from './keys';

/** The subscription, invoices, payment method and usage (`GET /api/billing/subscription`). */
export function getBillingQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.subscription(),
    queryFn: ({ signal }) => api('/api/billing/subscription', { signal, reply: billingResponse }),
  });
}

/** The billing page's data. */
export function useBilling() {
  return useQuery(getBillingQueryOptions());
}
