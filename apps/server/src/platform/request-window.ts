import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const WINDOW = Symbol('request-window');
const HOUR_MS = 3_600_000;
const HOURS = 24;

/** Requests answered and server errors (5xx) among them, per hour, over the last 24 hours. */
export class RequestWindow {
  private readonly buckets = new Map<number, { requests: number; serverErrors: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one answered request with its status. */
  record(status: number): void {
    const hour = Math.floor(this.now() / HOUR_MS);
    const bucket = this.buckets.get(hour) ?? { requests: 0, serverErrors: 0 };
    bucket.requests += 1;
    if (status >= 500) bucket.serverErrors += 1;
    this.buckets.set(hour, bucket);
    for (const key of this.buckets.keys()) if (key <= hour - HOURS) this.buckets.delete(key);
  }

  /** The totals of the last 24 hours (since the server started, when that is later). */
  totals(): { requests: number; serverErrors: number } {
    const oldest = Math.floor(this.now() / HOUR_MS) - HOURS + 1;
    let requests = 0;
    let serverErrors = 0;
    for (const [hour, b] of this.buckets) {
      if (hour < oldest) continue;
      requests += b.requests;
      serverErrors += b.serverErrors;
    }
    return { requests, serverErrors };
  }
}

/**
 * Counts every answered request of this server instance by hour (the SOC 2 availability check's
 * 5xx rate of the last 24 hours). Registered by `app.ts` before the routes.
 */
export const requestWindowPlugin = fp(
  async (app: FastifyInstance) => {
    const window = new RequestWindow();
    app.decorate(WINDOW, window);
    app.addHook('onResponse', async (_request, reply) => window.record(reply.statusCode));
  },
  { name: 'request-window' },
);

/** This app's request window. */
export function requestWindowOf(app: FastifyInstance): RequestWindow {
  const window = (app as unknown as Record<symbol, RequestWindow | undefined>)[WINDOW];
  if (!window) throw new Error('requestWindowPlugin must be registered before the routes that read it');
  return window;
}
