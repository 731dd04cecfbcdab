import type { RightsRequestListQuery } from '@clinic/domain/contracts/gdpr';
import { tenantKey } from '../../../api/tenant';

/**
 * Query keys of the patients' rights feature, each starting with the resource and the tenant;
 * `all` is the bare resource, so one invalidation refreshes every cached read.
 */
export const gdprKeys = {
  all: ['gdpr'] as const,
  consents: (patientId: string) => ['gdpr', tenantKey(), 'consents', patientId] as const,
  requests: (params: Partial<RightsRequestListQuery>) => ['gdpr', tenantKey(), 'requests', params] as const,
  accessHistory: (patientId: string) => ['gdpr', tenantKey(), 'access-history', patientId] as const,
};
