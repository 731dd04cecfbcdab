import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { countRateLimitRefusal } from './ops-counters.js';

/**
 * A fixed-window counter per key, kept in this instance's memory. It guards public endpoints
 * (kiosk submissions, the public board) against floods; with several instances each enforces its
 * own share. Sign-in failures, which must hold across instances, are counted in the database.
 * Synchronous on purpose: the route layer counts the hit before anything else without awaiting it,
 * and an API key's allowance is checked inside its transaction's callback; rate-limiter-flexible
 * (on which `MissCounter` of the visitors module sits) answers only through promises.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /**
   * Counts one hit for `key`; throws 429 when the window's limit is passed, counted in the metrics
   * under `name` (a fixed name, never the key).
   */
  hit(key: string, now = Date.now(), name = 'per-instance'): void {
    if (!this.allows(key, now)) {
      countRateLimitRefusal(name);
      throw new AppError('request/rate-limited', 'Too many requests. Please wait a moment and try again.');
    }
  }

  /** Counts one hit for `key`; false when the window's limit is passed. */
  allows(key: string, now = Date.now()): boolean {
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      if (this.windows.size > 10_000) this.sweep(now);
      return true;
    }
    w.count += 1;
    return w.count <= this.limit;
  }

  /** Counts a hit for the request's address. */
  hitRequest(request: FastifyRequest, scope = ''): void {
    this.hit(`${scope}:${request.ip}`, Date.now(), scope || undefined);
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}

/**
 * How many of something one key holds open at once on this instance (event streams): a slot is
 * taken before the thing opens and given back when it closes.
 */
export class ConcurrencyLimit {
  private readonly open = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly message: string,
  ) {}

  /** Takes a slot of `key`, or throws 429 when all are taken; returns the release (safe to call twice). */
  take(key: string): () => void {
    const held = this.open.get(key) ?? 0;
    if (held >= this.limit) {
      countRateLimitRefusal('concurrent-streams');
      throw new AppError('request/rate-limited', this.message);
    }
    this.open.set(key, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }
}
