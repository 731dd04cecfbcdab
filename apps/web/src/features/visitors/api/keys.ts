import type { VisitorListQuery } from '@clinic/domain/contracts/visitors';

/**
 * Query keys of the visitors feature. They start with the live resources the server's
 * `visitors.updated` event refreshes (`visitors`, `visitor-stats`), so every open console updates
 * when anyone checks a visitor in or out.
 */
export const visitorKeys = {
  all: ['visitors'] as const,
  list: (params: Partial<VisitorListQuery>) => ['visitors', 'list', params] as const,
  detail: (id: string) => ['visitors', 'detail', id] as const,
  badge: (badgeNumber: string) => ['visitors', 'badge', badgeNumber] as const,
  daily: (from: string, to: string) => ['visitors', 'daily', from, to] as const,
  stats: ['visitor-stats'] as const,
};
