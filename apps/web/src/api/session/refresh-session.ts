import { useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from './get-session';

/** Re-reads the session and everything that depends on the organization. */
export function useRefreshSession() {
  const client = useQueryClient();
  return async () => {
    await client.resetQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
    await client.refetchQueries({ queryKey: sessionQueryKey });
  };
}
