import { tenantKey } from '../../../api/tenant';

/** Query keys of the organization settings, per organization. */
export const organizationSettingsKeys = {
  settings: () => ['organization-settings', tenantKey()] as const,
};
