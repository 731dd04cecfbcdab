import type { PatientListQuery } from '@clinic/domain/contracts/patients';

/** Query keys of the patients feature; every key starts with 'patients' so one invalidation refreshes all. */
export const patientKeys = {
  all: ['patients'] as const,
  list: (params: Partial<PatientListQuery>) => ['patients', 'list', params] as const,
  detail: (id: string) => ['patients', 'detail', id] as const,
  visits: (id: string) => ['patients', 'visits', id] as const,
  placement: (id: string) => ['patients', 'placement', id] as const,
  possibleMatches: (id: string) => ['patients', 'possible-matches', id] as const,
};
