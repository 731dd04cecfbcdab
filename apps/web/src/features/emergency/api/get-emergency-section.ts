import { emergencySectionResponses } from '@clinic/domain/contracts/emergency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { tenantRequest, type TenantRef } from '../../../api/tenant';
import { emergencyKeys, type EmergencySectionName } from '../../../api/emergency-room';

type SectionReply<S extends EmergencySectionName> = z.output<(typeof emergencySectionResponses)[S]>;

/** The field each section reload answers with (spec section 7). */
const FIELD: { [S in EmergencySectionName]: Exclude<keyof SectionReply<S>, 'success'> } = {
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

/** A section's data: the named field of its reply, read through the section's contract. */
function sectionData(section: EmergencySectionName, reply: SectionReply<EmergencySectionName>): unknown {
  return (reply as Record<string, unknown>)[FIELD[section]];
}

/**
 * `GET /api/emergency-dashboard/{section}`: the section's field, parsed by its contract. `T` names
 * the field's type for the caller (the dashboard's copy it replaces).
 */
export function getEmergencySectionQueryOptions<T>(tenant: TenantRef, section: EmergencySectionName | null) {
  return queryOptions({
    queryKey: emergencyKeys.section(tenant, section ?? 'alerts'),
    queryFn: ({ signal }) =>
      api(`/api/emergency-dashboard/${section}`, { ...tenantRequest(tenant), signal, reply: emergencySectionResponses[section!] }).then(
        (r) => sectionData(section!, r) as T,
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
