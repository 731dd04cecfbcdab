import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithMantine } from '../test/render';
import { BarListChart } from './BarListChart';

const BARS = [
  { key: 'mon', label: 'Mon, Nov 23', count: 4 },
  { key: 'tue', label: 'Tue, Nov 24', count: 0 },
  { key: 'wed', label: 'Wed, Nov 25', count: 11 },
];

beforeAll(() => {
  // The chart measures its box; jsdom has no layout.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

describe('BarListChart', () => {
  it('reads as a named list of "label: count" items, in the given order', () => {
    renderWithMantine(<BarListChart label="Visitors per day" bars={BARS} labelWidth={110} />);
    const list = screen.getByRole('list', { name: 'Visitors per day' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mon, Nov 23: 4', 'Tue, Nov 24: 0', 'Wed, Nov 25: 11']);
  });

  it('keeps the chart itself from screen readers', () => {
    const { container } = renderWithMantine(<BarListChart label="Visitors per day" bars={BARS} labelWidth={110} />);
    expect(container.querySelector('.recharts-responsive-container')?.closest('[aria-hidden]')).not.toBeNull();
  });
});
