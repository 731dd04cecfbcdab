import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { refreshVisitor, type VisitorWithBadge } from './refresh-visitor';

/** Reprints a visitor's valid badge (`POST /api/visitors/{id}/badge/reprint`): the same number, to print again. */
export function useReprintBadge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<VisitorWithBadge>(`/api/visitors/${encodeURIComponent(id)}/badge/reprint`, { method: 'POST' }),
    onSuccess: (result) => refreshVisitor(client, result.visitor),
  });
}
