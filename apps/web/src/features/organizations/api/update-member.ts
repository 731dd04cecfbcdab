import { memberResponse } from '@clinic/domain/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';

/** A change of a member: role, permission flags or status (`PATCH /api/organizations/members/{id}`). */
export interface MemberChange {
  id: string;
  role?: string;
  permissions?: Record<string, boolean>;
  status?: 'active' | 'disabled';
}

/** Changes a member under the rank rules the server applies, then reloads the members. */
export function useUpdateMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MemberChange) =>
      api(`/api/organizations/members/${encodeURIComponent(id)}`, { method: 'PATCH', body, reply: memberResponse }).then((r) => r.member),
    onSuccess: () => client.invalidateQueries({ queryKey: organizationKeys.members() }),
  });
}
