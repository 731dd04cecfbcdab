import type { PageHistoryQuery } from '@clinic/domain/contracts/paging';
import { tenantKey } from '../../../api/tenant';

/**
 * Query keys of paging, each starting with `paging`, the live resource the server's
 * `paging.updated` event refreshes, then the clinic: every open inbox, badge and history updates
 * within a second of a page being sent, acknowledged, escalated or cancelled.
 */
export const pagingKeys = {
  all: ['paging'] as const,
  history: (params: Partial<PageHistoryQuery>) => ['paging', tenantKey(), 'history', params] as const,
  detail: (id: string) => ['paging', tenantKey(), 'detail', id] as const,
  stats: () => ['paging', tenantKey(), 'stats'] as const,
  recipients: () => ['paging', tenantKey(), 'recipients'] as const,
  onCall: () => ['paging', tenantKey(), 'on-call'] as const,
};
