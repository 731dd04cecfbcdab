import { memberRemovedResponse, type RemovedMemberDto } from '@clinic/domain/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationKeys } from './keys';
import { memberUrl } from './member-url';

/** What removing a member answers: who went and how many of their sessions ended. */
export type RemovedMember = RemovedMemberDto;

/** Removes a member from the organization (`DELETE /api/organizations/members/{id}`), then reloads the members. */
export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(memberUrl(id), { method: 'DELETE', reply: memberRemovedResponse }).then((r) => r.member),
    onSuccess: () => client.invalidateQueries({ queryKey: organizationKeys.members() }),
  });
}
