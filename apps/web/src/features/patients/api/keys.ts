import type { PatientListQuery } from '@clinic/domain/contracts/patients';
import { tenantKey } from '../../../api/tenant';

/**
 * Query keys of the patients feature, each starting with the resource and the tenant (the clinic's
 * directory); `all` is the bare resource, so one invalidation refreshes every cached read.
 */
export const patientKeys = {
  all: ['patients'] as const,
  list: (params: Partial<PatientListQuery>) => ['patients', tenantKey(), 'list', params] as const,
  detail: (id: string) => ['patients', tenantKey(), 'detail', id] as const,
  visits: (id: string) => ['patients', tenantKey(), 'visits', id] as const,
  placement: (id: string) => ['patients', tenantKey(), 'placement', id] as const,
  possibleMatches: (id: string) => ['patients', tenantKey(), 'possible-matches', id] as const,
};
