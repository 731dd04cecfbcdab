import { describe, expect, it } from 'vitest';
import { pageCount, visibleRows } from './data-table-rows';

const rows = [
  { n: 'b', v: 10 },
  { n: 'a', v: 2 },
  { n: 'c', v: 33 },
];

describe('data table rows', () => {
  it('keeps the given order until a column is sorted, then sorts numbers as numbers both ways', () => {
    expect(visibleRows(rows, undefined, 'ascending', 1).map((r) => r.n)).toEqual(['b', 'a', 'c']);
    expect(visibleRows(rows, (r) => r.v, 'ascending', 1).map((r) => r.v)).toEqual([2, 10, 33]);
    expect(visibleRows(rows, (r) => r.n, 'descending', 1).map((r) => r.n)).toEqual(['c', 'b', 'a']);
  });

  it('shows one page of rows and counts the pages', () => {
    expect(visibleRows(rows, (r) => r.v, 'ascending', 2, 2).map((r) => r.v)).toEqual([33]);
    expect(pageCount(3, 2)).toBe(2);
    expect(pageCount(0, 2)).toBe(1);
  });
});
