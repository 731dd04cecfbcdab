import type { VisitorListQuery } from '@clinic/domain/contracts/visitors';
import { organizationKey } from '../../../api/tenant';

/**
 * Query keys of the visitors feature, each starting with the resource and the organization
 * (visitors are the organization's, whichever clinic checked them in). The resources are the live
 * ones the server's `visitors.updated` event refreshes (`visitors`, `visitor-stats`), so every open
 * console updates when anyone checks a visitor in or out; `all` is the bare resource.
 */
export const visitorKeys = {
  all: ['visitors'] as const,
  list: (params: Partial<VisitorListQuery>) => ['visitors', organizationKey(), 'list', params] as const,
  detail: (id: string) => ['visitors', organizationKey(), 'detail', id] as const,
  badge: (badgeNumber: string) => ['visitors', organizationKey(), 'badge', badgeNumber] as const,
  daily: (from: string, to: string) => ['visitors', organizationKey(), 'daily', from, to] as const,
  allStats: ['visitor-stats'] as const,
  stats: () => ['visitor-stats', organizationKey()] as const,
};
