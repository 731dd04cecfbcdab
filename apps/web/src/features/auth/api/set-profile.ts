import { profileResponse } from '@clinic/domain/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { refreshUserData } from './credentials';

/**
 * Makes an organization and clinic the current ones (choosing an organization that invited the
 * user's verified address accepts the invitation), then re-reads the session and the user's organizations.
 */
export function useSetProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { organizationId: string; clinicId: string }) =>
      api('/api/auth/profile', { method: 'PUT', body: input, noTenant: true, reply: profileResponse }),
    onSuccess: () => refreshUserData(client),
  });
}
