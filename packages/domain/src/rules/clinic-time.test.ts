import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  addDays,
  addLocalDays,
  daysBetween,
  isTimeZone,
  localDate,
  localDayEnd,
  localDayStart,
  localWallClock,
  localTimeToInstant,
  organizationTimeZone,
  startOfLocalDay,
  startOfLocalMonth,
  utcOffsetMinutes,
} from './clinic-time.js';

const LA = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);
const hours = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 3_600_000;

describe('the local day turns at local midnight', () => {
  it.each([
    // Los Angeles in winter (UTC-8): midnight is 08:00 UTC.
    [LA, '2024-01-15T07:59:59.999Z', '2024-01-14'],
    [LA, '2024-01-15T08:00:00.000Z', '2024-01-15'],
    // ... and in summer (UTC-7): 07:00 UTC.
    [LA, '2024-07-15T06:59:59.999Z', '2024-07-14'],
    [LA, '2024-07-15T07:00:00.000Z', '2024-07-15'],
    // Zones ahead of UTC, and a half-hour one.
    ['Europe/Paris', '2024-01-14T22:59:59.999Z', '2024-01-14'],
    ['Europe/Paris', '2024-01-14T23:00:00.000Z', '2024-01-15'],
    ['Asia/Kolkata', '2024-01-14T18:29:59.999Z', '2024-01-14'],
    ['Asia/Kolkata', '2024-01-14T18:30:00.000Z', '2024-01-15'],
    ['UTC', '2024-12-31T23:59:59.999Z', '2024-12-31'],
    ['UTC', '2025-01-01T00:00:00.000Z', '2025-01-01'],
  ])('in %s, %s is %s', (zone, iso, date) => expect(localDate(zone, at(iso))).toBe(date));

  it('one instant is a different date on either side of the date line', () => {
    const instant = at('2024-06-01T11:00:00Z');
    expect(localDate('Pacific/Kiritimati', instant)).toBe('2024-06-02');
    expect(localDate('Pacific/Pago_Pago', instant)).toBe('2024-06-01');
  });

  it('midnight reads as hour 0 of the new day, not hour 24 of the old one', () => {
    expect(localWallClock(LA, at('2024-01-15T08:00:00Z'))).toEqual({
      date: '2024-01-15',
      year: 2024,
      month: 1,
      day: 15,
      hour: 0,
      minute: 0,
      second: 0,
    });
  });
});

describe('start of the local day', () => {
  it('is local midnight on an ordinary day, whatever the hour asked', () => {
    expect(startOfLocalDay(LA, at('2024-01-15T08:00:00Z')).toISOString()).toBe('2024-01-15T08:00:00.000Z');
    expect(startOfLocalDay(LA, at('2024-01-16T07:59:59Z')).toISOString()).toBe('2024-01-15T08:00:00.000Z');
  });

  it('on the spring-forward day is midnight at the winter offset, and the day has 23 hours', () => {
    const evening = at('2024-03-11T03:00:00Z'); // 20:00 PDT on 10 March
    const start = startOfLocalDay(LA, evening);
    expect(start.toISOString()).toBe('2024-03-10T08:00:00.000Z');
    expect(hours(start, startOfLocalDay(LA, at('2024-03-11T12:00:00Z')))).toBe(23);
  });

  it('on the fall-back day is midnight at the summer offset, and the day has 25 hours', () => {
    const evening = at('2024-11-04T04:00:00Z'); // 20:00 PST on 3 November
    const start = startOfLocalDay(LA, evening);
    expect(start.toISOString()).toBe('2024-11-03T07:00:00.000Z');
    expect(hours(start, startOfLocalDay(LA, at('2024-11-04T12:00:00Z')))).toBe(25);
  });

  it('where the clocks jump over midnight (Cairo, Santiago), is the instant of the jump, 01:00 local', () => {
    const cairo = startOfLocalDay('Africa/Cairo', at('2024-04-26T09:00:00Z'));
    expect(cairo.toISOString()).toBe('2024-04-25T22:00:00.000Z');
    expect(localWallClock('Africa/Cairo', cairo)).toMatchObject({ date: '2024-04-26', hour: 1, minute: 0 });
    expect(localDate('Africa/Cairo', new Date(cairo.getTime() - 1))).toBe('2024-04-25');
    const santiago = startOfLocalDay('America/Santiago', at('2024-09-08T15:00:00Z'));
    expect(santiago.toISOString()).toBe('2024-09-08T04:00:00.000Z');
  });

  it('where midnight happens twice (Havana falls back at 01:00), is the first midnight', () => {
    expect(startOfLocalDay('America/Havana', at('2024-11-03T15:00:00Z')).toISOString()).toBe('2024-11-03T04:00:00.000Z');
  });
});

describe('start of the local month', () => {
  it('turns at local midnight of the first, not at UTC midnight', () => {
    expect(startOfLocalMonth(LA, at('2024-03-01T07:59:59Z')).toISOString()).toBe('2024-02-01T08:00:00.000Z');
    expect(startOfLocalMonth(LA, at('2024-03-01T08:00:00Z')).toISOString()).toBe('2024-03-01T08:00:00.000Z');
  });

  it('keeps the offset of the first even after a clock change later in the month', () => {
    expect(startOfLocalMonth(LA, at('2024-03-31T12:00:00Z')).toISOString()).toBe('2024-03-01T08:00:00.000Z');
  });
});

describe('a local wall time as an instant', () => {
  it('uses the offset in force at that time', () => {
    expect(localTimeToInstant(LA, '2024-01-15', '08:00').toISOString()).toBe('2024-01-15T16:00:00.000Z');
    expect(localTimeToInstant(LA, '2024-07-15', '20:00:30').toISOString()).toBe('2024-07-16T03:00:30.000Z');
  });

  it('moves a time the clocks skip past the gap (02:30 on the spring-forward night is 03:30 PDT)', () => {
    expect(localTimeToInstant(LA, '2024-03-10', '02:30').toISOString()).toBe('2024-03-10T10:30:00.000Z');
    expect(localTimeToInstant(LA, '2024-03-10', '01:59:59').toISOString()).toBe('2024-03-10T09:59:59.000Z');
    expect(localTimeToInstant(LA, '2024-03-10', '03:00').toISOString()).toBe('2024-03-10T10:00:00.000Z');
  });

  it('takes the first of a time shown twice (01:30 on the fall-back night is 01:30 PDT)', () => {
    expect(localTimeToInstant(LA, '2024-11-03', '01:30').toISOString()).toBe('2024-11-03T08:30:00.000Z');
    expect(localTimeToInstant(LA, '2024-11-03', '02:00').toISOString()).toBe('2024-11-03T10:00:00.000Z');
  });

  it.each([
    ['2024-02-30', '00:00'],
    ['2024-01-15', '24:00'],
    ['15/01/2024', '00:00'],
    ['2024-01-15', '8am'],
  ])('refuses %s %s', (date, time) => expect(() => localTimeToInstant(LA, date, time)).toThrow(RangeError));
});

describe('utcOffsetMinutes', () => {
  it.each([
    [LA, '2024-01-15T12:00:00Z', -480],
    [LA, '2024-07-15T12:00:00Z', -420],
    ['Asia/Kolkata', '2024-01-15T12:00:00Z', 330],
    ['Pacific/Chatham', '2024-01-15T12:00:00Z', 825],
    ['UTC', '2024-01-15T12:00:00Z', 0],
  ])('%s at %s is %d', (zone, iso, minutes) => expect(utcOffsetMinutes(zone, at(iso))).toBe(minutes));

  it('changes at the instant the clocks do', () => {
    expect(utcOffsetMinutes(LA, at('2024-03-10T09:59:59Z'))).toBe(-480);
    expect(utcOffsetMinutes(LA, at('2024-03-10T10:00:00Z'))).toBe(-420);
  });
});

describe('the organization time zone', () => {
  it("is the settings' zone when the runtime knows it", () => {
    expect(organizationTimeZone({ timezone: 'Europe/Paris' })).toBe('Europe/Paris');
    expect(isTimeZone('Europe/Paris')).toBe(true);
  });

  it('defaults to Los Angeles when the settings name none', () => {
    expect(organizationTimeZone({})).toBe(DEFAULT_TIME_ZONE);
    expect(organizationTimeZone(null)).toBe(DEFAULT_TIME_ZONE);
    expect(DEFAULT_TIME_ZONE).toBe(LA);
  });

  it.each([['Mars/Olympus_Mons'], [''], ['+05:30'], [42], [null]])('is UTC when the settings name %o', (timezone) => {
    expect(organizationTimeZone({ timezone })).toBe('UTC');
    expect(isTimeZone(timezone)).toBe(false);
  });

  it('reads an unknown zone as UTC rather than failing', () => {
    expect(localDate('Mars/Olympus_Mons', at('2024-01-15T23:30:00Z'))).toBe('2024-01-15');
    expect(startOfLocalDay('Mars/Olympus_Mons', at('2024-01-15T23:30:00Z')).toISOString()).toBe('2024-01-15T00:00:00.000Z');
  });
});

const NY = 'America/New_York';
const LONDON = 'Europe/London';

describe('the start and end of a local calendar day', () => {
  it.each([
    // New York springs forward at 02:00 on 10 March 2024: a day of 23 hours.
    [NY, '2024-03-10', '2024-03-10T05:00:00.000Z', '2024-03-11T04:00:00.000Z', 23],
    // ... and falls back at 02:00 on 3 November 2024: a day of 25 hours.
    [NY, '2024-11-03', '2024-11-03T04:00:00.000Z', '2024-11-04T05:00:00.000Z', 25],
    // London springs forward at 01:00 on 31 March 2024 and falls back at 02:00 on 27 October.
    [LONDON, '2024-03-31', '2024-03-31T00:00:00.000Z', '2024-03-31T23:00:00.000Z', 23],
    [LONDON, '2024-10-27', '2024-10-26T23:00:00.000Z', '2024-10-28T00:00:00.000Z', 25],
    // An ordinary day, and the last day of a year, which ends at the first instant of the next.
    [NY, '2024-06-15', '2024-06-15T04:00:00.000Z', '2024-06-16T04:00:00.000Z', 24],
    [NY, '2024-12-31', '2024-12-31T05:00:00.000Z', '2025-01-01T05:00:00.000Z', 24],
    [LONDON, '2024-12-31', '2024-12-31T00:00:00.000Z', '2025-01-01T00:00:00.000Z', 24],
  ])('in %s, %s runs from %s to %s (%d hours)', (zone, date, start, end, length) => {
    expect(localDayStart(zone, date).toISOString()).toBe(start);
    expect(localDayEnd(zone, date).toISOString()).toBe(end);
    expect(hours(localDayStart(zone, date), localDayEnd(zone, date))).toBe(length);
  });

  it('gives back the same date for its first instant and the previous date one millisecond earlier', () => {
    const start = localDayStart(NY, '2025-01-01');
    expect(localDate(NY, start)).toBe('2025-01-01');
    expect(localDate(NY, new Date(start.getTime() - 1))).toBe('2024-12-31');
    expect(startOfLocalDay(NY, new Date(start.getTime() - 1)).toISOString()).toBe('2024-12-31T05:00:00.000Z');
  });

  it('in London the day turns at 00:00 GMT in winter and at 23:00 UTC the evening before in summer', () => {
    expect(localDate(LONDON, at('2024-01-15T23:59:59.999Z'))).toBe('2024-01-15');
    expect(localDate(LONDON, at('2024-07-15T22:59:59.999Z'))).toBe('2024-07-15');
    expect(localDate(LONDON, at('2024-07-15T23:00:00.000Z'))).toBe('2024-07-16');
  });
});

describe('adding local days to an instant', () => {
  it('keeps the wall-clock time across a clock change, so a day is 23 or 25 hours long', () => {
    const saturdayEvening = at('2024-03-09T23:00:00Z'); // 18:00 EST
    expect(addLocalDays(NY, saturdayEvening, 1).toISOString()).toBe('2024-03-10T22:00:00.000Z'); // 18:00 EDT
    const londonSaturday = at('2024-10-26T11:00:00Z'); // 12:00 BST
    expect(addLocalDays(LONDON, londonSaturday, 1).toISOString()).toBe('2024-10-27T12:00:00.000Z'); // 12:00 GMT
    expect(addLocalDays(LONDON, at('2024-10-27T12:00:00Z'), -1).toISOString()).toBe('2024-10-26T11:00:00.000Z');
  });

  it('crosses a year end at local midnight', () => {
    expect(addLocalDays(NY, localDayStart(NY, '2024-12-31'), 1).toISOString()).toBe(localDayStart(NY, '2025-01-01').toISOString());
  });
});

describe('calendar dates', () => {
  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2024-03-10', 1, '2024-03-11'],
  ])('%s plus %d days is %s', (date, days, result) => {
    expect(addDays(date, days)).toBe(result);
    expect(daysBetween(date, result)).toBe(days);
  });

  it('counts the days of a leap year across its end', () => {
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2025-01-01', '2024-01-01')).toBe(-366);
  });
});
