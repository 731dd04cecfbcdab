import { describe, expect, it } from 'vitest';
import { ADDRESS_FAILURES_WITHOUT_DELAY, SIGN_IN_DELAY_MAX_MS, signInDelayMs, signInTryDelayMs } from './sign-in-delay.js';

describe('signInDelayMs', () => {
  it('lets the first and second tries of an e-mail through at once, then waits 250 ms, 500 ms, 1 s, 2 s, 4 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((failures) => signInDelayMs(failures))).toEqual([0, 0, 250, 500, 1000, 2000, 4000]);
  });

  it('never waits longer than 4 s, however many failures came before', () => {
    expect(signInDelayMs(7)).toBe(SIGN_IN_DELAY_MAX_MS);
    expect(signInDelayMs(30)).toBe(4000);
    expect(signInDelayMs(1e9)).toBe(4000);
  });

  it('waits nothing for no failures or a nonsensical count', () => {
    expect(signInDelayMs(0)).toBe(0);
    expect(signInDelayMs(-3)).toBe(0);
    expect(signInDelayMs(Number.NaN)).toBe(0);
  });

  it('lets an address have 10 failures before its tries wait, then the same schedule', () => {
    expect(ADDRESS_FAILURES_WITHOUT_DELAY).toBe(10);
    expect(signInDelayMs(10, ADDRESS_FAILURES_WITHOUT_DELAY)).toBe(0);
    expect(signInDelayMs(11, ADDRESS_FAILURES_WITHOUT_DELAY)).toBe(250);
    expect(signInDelayMs(15, ADDRESS_FAILURES_WITHOUT_DELAY)).toBe(4000);
  });
});

describe('signInTryDelayMs', () => {
  it("takes the longer of the e-mail's and the address's waits", () => {
    expect(signInTryDelayMs({ email: 3, address: 3 })).toBe(500);
    expect(signInTryDelayMs({ email: 0, address: 12 })).toBe(500);
    expect(signInTryDelayMs({ email: 4, address: 14 })).toBe(2000);
    expect(signInTryDelayMs({ email: 1, address: 10 })).toBe(0);
  });
});
