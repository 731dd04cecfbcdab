import { organizationKey, tenantKey } from '../../../api/tenant';

/** Query keys of the organization settings, per organization. */
export const organizationSettingsKeys = {
  settings: () => ['organization-settings', tenantKey()] as const,
  /** The organization's single sign-on: one for the whole organization, whatever the clinic. */
  sso: () => ['organization-sso', organizationKey()] as const,
  /**
   * The paging webhook's deliveries: under `paging`, the live resource the server's
   * `paging.updated` event refreshes, so a page sent while the table is open shows its delivery.
   */
  pagingDeliveries: (pageSize: number) => ['paging', tenantKey(), 'webhook-deliveries', pageSize] as const,
};
