import { clinicResponse, clinicUpdatedResponse } from '@clinic/domain/contracts/organizations-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { sessionQueryKey } from '../../../api/session';
import { organizationKeys } from './keys';

/**
 * Adds (`POST /api/clinics`) or changes (`PUT /api/clinics/{id}`) a clinic, then reloads the list and the session (its
 * clinics), in the background: the screen keeps its data (and its open tab) meanwhile.
 */
export function useSaveClinic(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id?: string } & Record<string, unknown>) =>
      id
        ? api(`/api/clinics/${encodeURIComponent(id)}`, { method: 'PUT', body, reply: clinicUpdatedResponse })
        : api('/api/clinics', { method: 'POST', body, reply: clinicResponse }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: organizationKeys.clinics(organizationId) }),
        client.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
