import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tenantRequest, type TenantRef } from '../../../api/tenant';
import { emergencyKeys, type EmergencySectionName } from '../../../api/emergency-room';

/** The field each section reload answers with (spec section 7). */
const FIELD: Record<EmergencySectionName, string> = {
  alerts: 'alerts',
  'patients/high-risk': 'patients',
  protocols: 'protocols',
  vitals: 'vitals',
  'risk-assessments': 'assessments',
  pediatric: 'patients',
  'mass-casualty': 'events',
  metrics: 'metrics',
  integrations: 'integrations',
};

/** `GET /api/emergency-dashboard/{section}`: the named field, or the generic `data` field. */
export function getEmergencySectionQueryOptions<T>(tenant: TenantRef, section: EmergencySectionName | null) {
  return queryOptions({
    queryKey: emergencyKeys.section(tenant, section ?? 'alerts'),
    queryFn: ({ signal }) =>
      api<Record<string, unknown>>(`/api/emergency-dashboard/${section}`, { ...tenantRequest(tenant), signal }).then(
        (r) => (r[FIELD[section!]] ?? r.data) as T,
      ),
    enabled: section !== null,
    retry: false,
  });
}

/**
 * The reload of the open tab's section (spec section 4: a tab other than Overview refetches its
 * section). A failure is ignored: the page keeps the dashboard's copy.
 */
export function useEmergencySection<T>(tenant: TenantRef, section: EmergencySectionName | null) {
  return useQuery(getEmergencySectionQueryOptions<T>(tenant, section));
}
