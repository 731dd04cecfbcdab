import { useQueryClient } from '@tanstack/react-query';
import { trialKeys } from './keys';

/** After any change: every trial query reloads (lists, counts, enrolments, events). */
export function useInvalidateTrials() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: trialKeys.all });
}
