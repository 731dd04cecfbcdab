import { tenantKey } from '../../../api/tenant';

/** Query keys of the billing page. */
export const billingKeys = {
  subscription: () => ['billing', tenantKey()] as const,
};
