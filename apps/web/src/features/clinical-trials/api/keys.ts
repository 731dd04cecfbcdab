import { organizationKey } from '../../../api/tenant';

/**
 * Query keys of the clinical trials feature, each starting with the resource and the organization
 * (trials are the organization's). The resource is the live one the server's
 * `clinical-trials.updated` and `clinical-trials.safety-alert` events refresh, so every open
 * dashboard updates when anyone enrols a patient or reports an adverse event; `all` is the bare resource.
 */
export const trialKeys = {
  all: ['clinical-trials'] as const,
  list: () => ['clinical-trials', organizationKey(), 'list'] as const,
  detail: (id: string) => ['clinical-trials', organizationKey(), 'detail', id] as const,
  enrollments: (id: string) => ['clinical-trials', organizationKey(), 'enrollments', id] as const,
  adverseEvents: (id: string) => ['clinical-trials', organizationKey(), 'adverse-events', id] as const,
  recentAdverseEvents: (limit: number) => ['clinical-trials', organizationKey(), 'recent-adverse-events', limit] as const,
};
