import { RateLimiterMemory } from 'rate-limiter-flexible';

/**
 * Failed patient matches per kiosk address, in this instance's memory: past the limit within the
 * window, the address is refused before any matching, so that a hit and a miss look the same to
 * someone guessing who is in the hospital. Each instance keeps its own share, as `RateLimiter` does.
 * The window is fixed: it starts at an address's first miss and lasts `windowMs`, after which the
 * count starts again; the library forgets an address when its window ends.
 */
export class MissCounter {
  private readonly misses: RateLimiterMemory;

  constructor(
    private readonly limit: number,
    windowMs: number,
  ) {
    this.misses = new RateLimiterMemory({ points: limit, duration: windowMs / 1000 });
  }

  /** False while `key` has used up its misses in the current window. */
  async allows(key: string): Promise<boolean> {
    const window = await this.misses.get(key);
    return window === null || window.msBeforeNext <= 0 || window.consumedPoints < this.limit;
  }

  /** Counts a miss of `key` (never refused: refusing is {@link allows}'s part). */
  async miss(key: string): Promise<void> {
    await this.misses.penalty(key);
  }
}
