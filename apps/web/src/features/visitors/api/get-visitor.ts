import { visitorResponse } from '@clinic/domain/contracts/visitors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { visitorKeys } from './keys';

/** One visitor with their visit history (`GET /api/visitors/{id}`). */
export function getVisitorQueryOptions(id: string) {
  return queryOptions({
    queryKey: visitorKeys.detail(id),
    queryFn: ({ signal }) => api(`/api/visitors/${encodeURIComponent(id)}`, { signal, reply: visitorResponse }).then((r) => r.visitor),
  });
}

/** One visitor, when an id is given. */
export function useVisitor(id: string | null) {
  return useQuery({ ...getVisitorQueryOptions(id ?? ''), enabled: id !== null });
}
