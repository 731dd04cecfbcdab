/**
 * Failed patient matches per kiosk address, in this instance's memory: past the limit within the
 * window, the address is refused before any matching, so that a hit and a miss look the same to
 * someone guessing who is in the hospital. Each instance keeps its own share, as `RateLimiter` does.
 */
export class MissCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** False while `key` has used up its misses in the current window. */
  allows(key: string, now = Date.now()): boolean {
    const w = this.windows.get(key);
    return !w || now - w.start >= this.windowMs || w.count < this.limit;
  }

  /** Counts a miss of `key`. */
  miss(key: string, now = Date.now()): void {
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      if (this.windows.size > 10_000) this.sweep(now);
      return;
    }
    w.count += 1;
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}
