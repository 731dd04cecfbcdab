import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney } from './date-format';

describe('formatDay', () => {
  it('writes a calendar date as that very day, whatever the timezone', () => {
    expect(formatDay('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDay('2026-01-05', 'long')).toBe('January 5, 2026');
    expect(formatDay('2026-01-05', 'numeric')).toBe('1/5/2026');
  });

  it('gives the fallback for no value and the text itself for one that is no date', () => {
    expect(formatDay(null, 'long', 'None')).toBe('None');
    expect(formatDay(undefined)).toBe('');
    expect(formatDay('soon')).toBe('soon');
  });
});

describe('formatMoney', () => {
  it('writes cents in their currency', () => {
    expect(formatMoney(69900, 'usd')).toBe('$699.00');
  });
});
