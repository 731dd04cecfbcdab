import { tenantKey } from '../../../api/tenant';

/** Query keys of the settings screen's own reads. */
export const settingsKeys = {
  memberStats: () => ['member-stats', tenantKey()] as const,
};
