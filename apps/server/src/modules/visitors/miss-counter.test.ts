import { afterEach, describe, expect, it, vi } from 'vitest';
import { MissCounter } from './miss-counter.js';

describe('MissCounter', () => {
  afterEach(() => vi.useRealTimers());

  it('allows an address until its misses reach the limit, and only that address', async () => {
    const counter = new MissCounter(3, 60_000);
    for (let i = 0; i < 2; i++) await counter.miss('192.0.2.1');
    expect(await counter.allows('192.0.2.1')).toBe(true);
    await counter.miss('192.0.2.1');
    expect(await counter.allows('192.0.2.1')).toBe(false);
    expect(await counter.allows('192.0.2.2')).toBe(true);
  });

  it('allows the address again once the window that began at its first miss has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T10:00:00Z') });
    const counter = new MissCounter(2, 60_000);
    await counter.miss('192.0.2.1');
    vi.setSystemTime(new Date('2026-01-01T10:00:30Z'));
    await counter.miss('192.0.2.1');
    vi.setSystemTime(new Date('2026-01-01T10:00:59.999Z'));
    expect(await counter.allows('192.0.2.1')).toBe(false);
    vi.setSystemTime(new Date('2026-01-01T10:01:00Z'));
    expect(await counter.allows('192.0.2.1')).toBe(true);
    await counter.miss('192.0.2.1');
    expect(await counter.allows('192.0.2.1')).toBe(true);
  });
});
