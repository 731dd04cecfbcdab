import type { VisitorDto, visitorBadgeResponse } from '@clinic/domain/contracts/visitors';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { visitorKeys } from './keys';

/** The visit and its badge as a badge action leaves them. */
export type VisitorWithBadge = Omit<z.output<typeof visitorBadgeResponse>, 'success'>;

/** After a badge action: the open detail takes the changed visit, the lists and figures reload. */
export function refreshVisitor(client: QueryClient, visitor: VisitorDto) {
  client.setQueryData(visitorKeys.detail(visitor.id), (old: VisitorDto | undefined) =>
    old ? { ...visitor, visitHistory: old.visitHistory } : old,
  );
  return Promise.all([client.invalidateQueries({ queryKey: visitorKeys.all }), client.invalidateQueries({ queryKey: visitorKeys.allStats })]);
}
