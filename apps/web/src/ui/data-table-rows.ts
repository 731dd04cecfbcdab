/** A column and its direction. */
export interface DataTableSort {
  key: string;
  direction: 'ascending' | 'descending';
}

const compare = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), undefined, { numeric: true });

/**
 * The rows of one page (1-based; every row without `pageSize`), sorted by `sortValue` of the
 * sorted column, or in the given order when there is none.
 */
export function visibleRows<T>(
  rows: readonly T[],
  sortValue: ((row: T) => string | number) | undefined,
  direction: DataTableSort['direction'],
  page: number,
  pageSize?: number,
): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const sorted = sortValue ? [...rows].sort((a, b) => compare(sortValue(a), sortValue(b)) * sign) : [...rows];
  return pageSize ? sorted.slice((page - 1) * pageSize, page * pageSize) : sorted;
}

/** How many pages `count` rows fill (at least one). */
export const pageCount = (count: number, pageSize?: number) => (pageSize ? Math.max(1, Math.ceil(count / pageSize)) : 1);
