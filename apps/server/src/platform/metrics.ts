import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { AppError } from './errors.js';
import type { EventHub } from './events.js';
import { countingWith, withCounters, type OpsCounters } from './ops-counters.js';

/** Where Prometheus scrapes; outside `/api/`, so neither the access plugin nor the API's JSON rules apply. */
export const METRICS_PATH = '/metrics';

/** The route label of a request no route matched (the web app's pages, unknown paths). */
export const UNMATCHED_ROUTE = '(unmatched)';

export interface MetricsOptions {
  database: Database;
  hub: EventHub;
  /** Bearer token callers other than this machine must send; none: only loopback callers are served. */
  token?: string;
  /** Also collect Node's process metrics (CPU, memory, event loop, GC): the running server, not tests. */
  processMetrics?: boolean;
}

/** Every metric of one app, in its own registry (tests build many apps in one process). */
function createMetrics(opts: MetricsOptions) {
  const registry = new Registry();
  const registers = [registry];
  const metrics = {
    registry,
    requests: new Counter({
      name: 'clinic_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    duration: new Histogram({
      name: 'clinic_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    auditRows: new Counter({
      name: 'clinic_audit_rows_total',
      help: 'Audit rows written (inserted; a rolled-back request still counts).',
      registers,
    }),
    signInFailures: new Counter({
      name: 'clinic_sign_in_failures_total',
      help: 'Failed sign-ins (unknown e-mail, wrong password, disabled account), by error code.',
      labelNames: ['reason'] as const,
      registers,
    }),
    refusals: new Counter({
      name: 'clinic_rate_limit_refusals_total',
      help: 'Requests refused by a rate or concurrency limit, by limit.',
      labelNames: ['limit'] as const,
      registers,
    }),
  };
  new Gauge({
    name: 'clinic_db_pool_connections',
    help: "Connections of the app's PostgreSQL pool, by state (total, idle, waiting: queries queued for one, max). None for the embedded database.",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = opts.database.status?.().pool;
      if (!pool) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, pool[state]);
    },
  });
  new Gauge({
    name: 'clinic_db_listen_up',
    help: "1 while the connection that hears other instances' changes (LISTEN) is up (or the database is embedded), else 0.",
    registers,
    collect() {
      const listen = opts.database.status?.().listen;
      this.set(listen === 'listening' || listen === 'embedded' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'clinic_sse_subscribers',
    help: 'Event streams (staff and public boards) open on this instance.',
    registers,
    collect() {
      this.set(opts.hub.subscriberCount());
    },
  });
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });
  return metrics;
}

/** An IPv4 loopback address, IPv6's `::1`, or an IPv4 loopback mapped into IPv6. */
export function isLoopback(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read the metrics: a caller on this machine, by the address the app's TRUST_PROXY setting
 * believes (behind a trusted proxy, the address it forwarded), and only when the request was not
 * forwarded at all (a proxy on this machine that is not trusted would otherwise make every caller
 * look local); anyone else with `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function checkMetricsCaller(request: FastifyRequest, token: string | undefined): void {
  const forwarded = FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined);
  if (isLoopback(request.ip) && !forwarded) return;
  const auth = request.headers.authorization;
  if (!token) throw new AppError('access/forbidden', 'Metrics are served to this machine only: set METRICS_TOKEN to read them from elsewhere.');
  if (!auth) throw new AppError('auth/required', 'Metrics need Authorization: Bearer <METRICS_TOKEN>.');
  const given = /^Bearer\s+(\S+)$/i.exec(auth)?.[1] ?? '';
  if (!timingSafeEqual(digest(given), digest(token))) throw new AppError('access/forbidden', 'That metrics token is not valid.');
}

/**
 * Prometheus metrics of this app instance (`prom-client`, a registry of its own), served as text at
 * {@link METRICS_PATH}: requests and their latency by route pattern (never the raw URL) and status,
 * the pool, LISTEN and event stream gauges, and the audit, sign-in failure and rate-limit counters
 * (`ops-counters.ts`). Registered first by `app.ts`, so its hooks see every request.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: MetricsOptions) => {
    const metrics = createMetrics(opts);
    const counters: OpsCounters = {
      auditRow: () => metrics.auditRows.inc(),
      signInFailure: (reason) => metrics.signInFailures.inc({ reason }),
      rateLimitRefusal: (limit) => metrics.refusals.inc({ limit }),
    };
    // The request's work runs with this app's counters. Entered again once the body is read when
    // they were lost: the body's stream events may resume on the socket's own async context.
    app.addHook('onRequest', (_request, _reply, done) => withCounters(counters, done));
    app.addHook('preValidation', (_request, _reply, done) => (countingWith(counters) ? done() : withCounters(counters, done)));
    app.addHook('onResponse', (request, reply, done) => {
      const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: String(reply.statusCode) };
      metrics.requests.inc(labels);
      metrics.duration.observe(labels, reply.elapsedTime / 1000);
      done();
    });

    app.get(METRICS_PATH, async (request, reply) => {
      try {
        checkMetricsCaller(request, opts.token);
      } catch (err) {
        if (err instanceof AppError && err.code === 'auth/required') reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw err;
      }
      const text = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    });
  },
  { name: 'metrics' },
);
