import { tenantKey, type TenantRef } from '../tenant';

/** The dashboard's sections, as the section reloads name them (and the whole board). */
export type EmergencySectionName =
  'alerts' | 'patients/high-risk' | 'protocols' | 'vitals' | 'risk-assessments' | 'pediatric' | 'mass-casualty' | 'metrics' | 'integrations';

/** Query keys of the emergency room; every `emergency.*` server event refreshes them (see `api/events`). */
export const emergencyKeys = {
  all: ['emergency-room'] as const,
  dashboard: (t: TenantRef) => ['emergency-room', tenantKey(t), 'dashboard'] as const,
  section: (t: TenantRef, section: EmergencySectionName) => ['emergency-room', tenantKey(t), section] as const,
};
