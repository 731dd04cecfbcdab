import { describe, expect, it } from 'vitest';
import { ageInYears, ageLabel, isCalendarDate, parseIsoDate } from './patient-age.js';

const on = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12, 0, 0);

describe('patient age', () => {
  it('counts whole years, turning over on the birthday itself', () => {
    expect(ageInYears('1990-06-15', on(2025, 6, 14))).toBe(34);
    expect(ageInYears('1990-06-15', on(2025, 6, 15))).toBe(35);
    expect(ageInYears('1990-06-15', on(2025, 7, 1))).toBe(35);
  });

  it('is 0 for a baby born today and for one born earlier this year', () => {
    expect(ageInYears('2025-03-10', on(2025, 3, 10))).toBe(0);
    expect(ageInYears('2024-12-31', on(2025, 3, 10))).toBe(0);
  });

  it('treats a 29 February birthday as reached on 1 March of other years', () => {
    expect(ageInYears('2000-02-29', on(2025, 2, 28))).toBe(24);
    expect(ageInYears('2000-02-29', on(2025, 3, 1))).toBe(25);
  });

  it('reads the date part of a full ISO timestamp', () => {
    expect(ageInYears('1980-01-02T00:00:00.000Z', on(2025, 1, 2))).toBe(45);
  });

  it("shows 'Unknown' when the date is missing, malformed, not a real day or in the future", () => {
    const now = on(2025, 5, 1);
    expect(ageLabel(undefined, now)).toBe('Unknown');
    expect(ageLabel(null, now)).toBe('Unknown');
    expect(ageLabel('', now)).toBe('Unknown');
    expect(ageLabel('not a date', now)).toBe('Unknown');
    expect(ageLabel('1990-13-01', now)).toBe('Unknown');
    expect(ageLabel('1990-02-30', now)).toBe('Unknown');
    expect(ageLabel('2025-05-02', now)).toBe('Unknown');
    expect(ageLabel('2030-01-01', now)).toBe('Unknown');
    expect(ageLabel('1990-05-01', now)).toBe('35');
  });

  it('accepts only exact YYYY-MM-DD calendar days as dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-2-9')).toBe(false);
    expect(isCalendarDate('2024-02-10T00:00:00Z')).toBe(false);
    expect(parseIsoDate('2024-04-31')).toBeNull();
  });
});
