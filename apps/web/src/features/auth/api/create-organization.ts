import { organizationCreatedResponse } from '@clinic/domain/contracts/organizations-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { refreshUserData } from './credentials';

/** What the setup step's form sends. */
export interface NewOrganization {
  name: string;
  type: string;
  address: string;
  phone: string;
  email: string;
}

/** Creates an organization (and its default clinic) owned by the caller, then re-reads the session and the user's organizations. */
export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewOrganization) =>
      api('/api/organizations', {
        method: 'POST',
        body: { ...input, status: 'active' },
        noTenant: true,
        reply: organizationCreatedResponse,
      }),
    onSuccess: () => refreshUserData(client),
  });
}
