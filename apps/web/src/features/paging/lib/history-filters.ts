import type { PagePriority, PageStatus } from '@clinic/domain/rules/paging';
import type { PageHistoryParams } from '../api/queries';

/** The history's filters as the screen holds them: '' is "any". */
export interface HistoryFilters {
  status: PageStatus | '';
  priority: PagePriority | '';
  /** 'me', a member id, or '' for anyone. */
  recipient: string;
  /** Calendar dates (`YYYY-MM-DD`), both included. */
  from: string;
  to: string;
}

export const NO_FILTERS: HistoryFilters = { status: '', priority: '', recipient: '', from: '', to: '' };

/** Pages shown at a time in the inbox and the history. */
export const PAGE_SIZE = 25;

/**
 * The history's query for `filters` and page `page`, or the problem of the filters (an end date
 * before the start) to show on the To field instead of asking the server.
 */
export function historyQuery(
  filters: HistoryFilters,
  page: number,
): { params: PageHistoryParams & { page: number; pageSize: number }; problem: null } | { params: null; problem: string } {
  if (filters.from && filters.to && filters.to < filters.from) return { params: null, problem: 'The end date must be on or after the start date' };
  return {
    problem: null,
    params: {
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.priority ? { priority: filters.priority } : {}),
      ...(filters.recipient ? { recipient: filters.recipient } : {}),
      ...(filters.from ? { from: filters.from } : {}),
      ...(filters.to ? { to: filters.to } : {}),
      page,
      pageSize: PAGE_SIZE,
    },
  };
}
