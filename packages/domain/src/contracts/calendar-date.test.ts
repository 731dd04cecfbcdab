import { describe, expect, it } from 'vitest';
import { calendarDate, eventDate, eventTimestamp, isCalendarDate, isCalendarTimestamp, personDate } from './calendar-date.js';
import { isCalendarDate as isCalendarDateFromRules } from '../rules/patient-age.js';

const message = (schema: typeof personDate, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('calendar dates', () => {
  it.each([
    ['1899-12-31', false],
    ['1900-01-01', true],
    ['2100-12-31', true],
    ['2101-01-01', false],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2000-02-29', true],
    ['2100-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['0000-01-01', false],
    ['9999-12-31', false],
    ['2026-2-3', false],
    ['', false],
    ['2026-02-03T00:00:00Z', false],
    [' 2026-02-03', false],
  ])('a person date of %s is accepted: %s', (value, accepted) => {
    expect(personDate.safeParse(value).success).toBe(accepted);
    expect(isCalendarDate(value, { minYear: 1900, maxYear: 2100 })).toBe(accepted);
  });

  it('limits event dates to 2000-2100', () => {
    expect(eventDate.safeParse('1999-12-31').success).toBe(false);
    expect(eventDate.safeParse('2000-01-01').success).toBe(true);
    expect(eventDate.safeParse('2100-12-31').success).toBe(true);
    expect(eventDate.safeParse('2101-01-01').success).toBe(false);
  });

  it('without a range accepts any real day of years 0001 to 9999 but not year 0', () => {
    expect(isCalendarDate('0001-01-01')).toBe(true);
    expect(isCalendarDate('9999-12-31')).toBe(true);
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('0004-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
  });

  it('names the rule in its message, and the field when given a label', () => {
    expect(message(personDate, '0000-01-01')).toBe('Enter a real date between 1900 and 2100 (YYYY-MM-DD)');
    expect(message(personDate, 20240101)).toBe('Enter a real date between 1900 and 2100 (YYYY-MM-DD)');
    expect(personDate.safeParse('2026-02-30').error?.issues).toHaveLength(1);
    expect(message(calendarDate({ minYear: 2000, maxYear: 2100, label: 'Start date' }), '2026-02-30')).toBe(
      'Start date must be a real date between 2000 and 2100 (YYYY-MM-DD)',
    );
  });

  it('is the same check the patient rules use', () => {
    expect(isCalendarDateFromRules).toBe(isCalendarDate);
  });

  it.each([
    ['2026-03-01T08:30:00Z', true],
    ['2026-03-01T08:30:00.123+01:00', true],
    ['2000-01-01T00:00:00Z', true],
    ['1999-12-31T23:59:59Z', false],
    ['2000-01-01T00:30:00+01:00', false],
    ['2100-12-31T23:59:59Z', true],
    ['2100-12-31T23:00:00-14:00', false],
    ['0000-01-01T00:00:00Z', false],
    ['9999-12-31T23:59:59-14:00', false],
    ['2026-02-30T08:00:00Z', false],
    ['2026-03-01T08:30:00', false],
    ['2026-03-01', false],
    ['', false],
  ])('an event timestamp of %s is accepted: %s', (value, accepted) => {
    expect(eventTimestamp.safeParse(value).success).toBe(accepted);
    expect(isCalendarTimestamp(value, { minYear: 2000, maxYear: 2100 })).toBe(accepted);
  });
});
