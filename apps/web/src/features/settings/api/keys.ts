import { tenantKey } from '../../../api/tenant';

/** Query keys of the settings screen's own reads. */
export const settingsKeys = {
  memberStats: () => ['member-stats', tenantKey()] as const,
  /** The Epic EHR's Sync Patients runs (the history and the open run's progress). */
  epicSyncRuns: () => ['epic-sync-runs', tenantKey()] as const,
  /** The Epic EHR's SMART Backend Services JWKS URL and signing keys. */
  epicSmart: () => ['epic-smart', tenantKey()] as const,
};
