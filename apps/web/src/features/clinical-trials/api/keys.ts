/**
 * Query keys of the clinical trials feature. They start with the live resource the server's
 * `clinical-trials.updated` and `clinical-trials.safety-alert` events refresh, so every open
 * dashboard updates when anyone enrols a patient or reports an adverse event.
 */
export const trialKeys = {
  all: ['clinical-trials'] as const,
  list: ['clinical-trials', 'list'] as const,
  detail: (id: string) => ['clinical-trials', 'detail', id] as const,
  enrollments: (id: string) => ['clinical-trials', 'enrollments', id] as const,
  adverseEvents: (id: string) => ['clinical-trials', 'adverse-events', id] as const,
  recentAdverseEvents: (limit: number) => ['clinical-trials', 'recent-adverse-events', limit] as const,
};
