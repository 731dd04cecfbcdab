import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { RateLimiter } from '../../platform/rate-limit.js';

/**
 * Failed patient matches per kiosk address, over all server instances (`RateLimiter`'s store:
 * `rate_limits` on PostgreSQL, memory on the embedded database): past the limit within the
 * window, the address is refused before any matching, so that a hit and a miss look the same to
 * someone guessing who is in the hospital. The window is fixed: it starts at an address's first
 * miss and lasts `windowMs`, after which the count starts again.
 *
 * Both the check and the count run outside the request's transaction (Fastify hooks of the
 * routes' plugin, not the handler): the count must outlive the rollback of the check-in that
 * found no patient, and a query on the pool from inside a transaction could wait for a connection
 * that only the waiting requests hold.
 */
export class MissCounter {
  private readonly misses: RateLimiter;
  private readonly missed = new WeakSet<FastifyRequest>();

  constructor(
    limit: number,
    windowMs: number,
    private readonly scope: string,
  ) {
    this.misses = new RateLimiter(limit, windowMs);
  }

  /**
   * Registers the hooks on `app` (the routes' plugin): a request to `url` from an address that has
   * used up its misses is refused with 429 before its handler runs; a request marked by
   * {@link miss} is counted before its reply goes out.
   */
  guard(app: FastifyInstance, url: string): void {
    app.addHook('preHandler', async (request) => {
      if (request.routeOptions.url !== url || (await this.misses.allowsMoreFrom(request, this.scope))) return;
      throw new AppError('request/rate-limited', 'Too many requests. Please wait a moment and try again.');
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      if (this.missed.delete(request)) await this.misses.countFrom(request, this.scope);
      return payload;
    });
  }

  /** Marks the request as a miss of its address, counted once its handler has ended. */
  miss(request: FastifyRequest): void {
    this.missed.add(request);
  }
}
