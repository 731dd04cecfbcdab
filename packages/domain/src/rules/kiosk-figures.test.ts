import { describe, expect, it } from 'vitest';
import { KIOSK_CHECK_IN_MAX_SECONDS, checkInSeconds, formatCheckInDuration } from './kiosk-figures';

describe('checkInSeconds', () => {
  const received = new Date('2026-03-02T10:00:00.000Z');
  const before = (s: number) => new Date(received.getTime() - s * 1000).toISOString();

  it('is the seconds from the start to the arrival, rounded up: a check-in takes at least a second', () => {
    expect(checkInSeconds(before(95), received)).toBe(95);
    expect(checkInSeconds(new Date(received.getTime() - 1400), received)).toBe(2);
    expect(checkInSeconds(new Date(received.getTime() - 1), received)).toBe(1);
  });

  it('counts up to an hour and not a second more', () => {
    expect(checkInSeconds(before(KIOSK_CHECK_IN_MAX_SECONDS), received)).toBe(3600);
    expect(checkInSeconds(new Date(received.getTime() - KIOSK_CHECK_IN_MAX_SECONDS * 1000 - 1), received)).toBeNull();
  });

  it('is no measurement when the start is not before the arrival (a kiosk clock ahead)', () => {
    expect(checkInSeconds(before(0), received)).toBeNull();
    expect(checkInSeconds(before(-30), received)).toBeNull();
  });

  it('is no measurement without a readable start', () => {
    expect(checkInSeconds(undefined, received)).toBeNull();
    expect(checkInSeconds(null, received)).toBeNull();
    expect(checkInSeconds('yesterday', received)).toBeNull();
  });
});

describe('formatCheckInDuration', () => {
  it('shows seconds under a minute, then minutes and two-digit seconds', () => {
    expect(formatCheckInDuration(0)).toBe('0s');
    expect(formatCheckInDuration(59)).toBe('59s');
    expect(formatCheckInDuration(59.6)).toBe('1m 00s');
    expect(formatCheckInDuration(60)).toBe('1m 00s');
    expect(formatCheckInDuration(125)).toBe('2m 05s');
  });
});
