import type { RightsRequestListQuery } from '@clinic/domain/contracts/gdpr';

/** Query keys of the patients' rights feature; every key starts with 'gdpr' so one invalidation refreshes all. */
export const gdprKeys = {
  all: ['gdpr'] as const,
  consents: (patientId: string) => ['gdpr', 'consents', patientId] as const,
  requests: (params: Partial<RightsRequestListQuery>) => ['gdpr', 'requests', params] as const,
  accessHistory: (patientId: string) => ['gdpr', 'access-history', patientId] as const,
};
