import { useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from './keys';

export function useInvitationsRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: organizationKeys.invitations() }),
      client.invalidateQueries({ queryKey: organizationKeys.members() }),
    ]);
}
