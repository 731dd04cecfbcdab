import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The header a request id comes in (from a proxy or a client) and goes back out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept when it is a short plain token (a UUID, a proxy's hex id); else a new one is made. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: the caller's `x-request-id` if it is a sane short token, else a random UUID. */
export function requestId(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

const SANE_PARAM_NAME = /^[A-Za-z0-9_.[\]-]{1,40}$/;

/**
 * The URL as logged: the path (up to 300 characters) and the query's parameter names, every value
 * replaced (`/api/patients?search=[redacted]&page=[redacted]`). Query values are where search
 * terms, names and e-mails travel; the path holds only route segments and record ids.
 */
export function redactedUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).slice(0, 300);
  if (q < 0) return path;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter((part) => part !== '')
    .slice(0, 20)
    .map((part) => {
      const name = part.split('=')[0];
      return SANE_PARAM_NAME.test(name) ? name : '_';
    });
  return `${path}?${names.map((name) => `${name}=[redacted]`).join('&')}`;
}

/** A query string inside a free-text log message (Fastify's "Route GET:/x?y=z not found"). */
const QUERY_IN_TEXT = /(\/[^\s?"']*)\?[^\s"'`]+/g;
/** Text and values PostgreSQL quotes in its messages (`invalid input syntax for type uuid: "…"`). */
const QUOTED = /"[^"]*"/g;

/** A message without the values it may carry: Drizzle's `params:` line, query strings, quoted text when `quoted`. */
function scrubMessage(message: string, quoted: boolean): string {
  let text = message;
  const params = text.indexOf('\nparams:');
  if (params >= 0) text = text.slice(0, params);
  text = text.replace(QUERY_IN_TEXT, '$1?[redacted]');
  if (quoted) text = text.replace(QUOTED, '"[redacted]"');
  return text.slice(0, 1000);
}

type LoggedError = Error & { code?: unknown; cause?: unknown; [key: string]: unknown };

/** Fields of a PostgreSQL error that name the schema, never a value. */
const DATABASE_FIELDS = ['severity', 'table', 'column', 'constraint', 'schema', 'routine'] as const;

/**
 * The `err` serializer. Pino's own copies every enumerable property of an error, which for a
 * failed query means Drizzle's `params` (the row's values) and PostgreSQL's `detail` ("Key
 * (email)=(…) already exists", "Failing row contains (…)"). This one keeps the type, the code,
 * the schema names and the stack frames, and a message without values (see {@link scrubMessage});
 * the stack's own copy of the message is dropped.
 */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> {
  if (typeof err === 'string') return { message: scrubMessage(err, true) };
  if (!(err instanceof Error)) return { type: typeof err };
  const e = err as LoggedError;
  const database = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
  const out: Record<string, unknown> = {
    type: e.constructor?.name ?? e.name,
    // A failed query's own text is parameterized ($1): its values are only in the `params:` line.
    message: scrubMessage(e.message, database),
    stack: (e.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (database) for (const field of DATABASE_FIELDS) if (typeof e[field] === 'string') out[field] = e[field];
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  routeOptions?: { url?: string };
  socket?: { remoteAddress?: string };
}

/**
 * The logger Fastify is built with: JSON lines (pino) at `level`, to stdout unless a `stream` is
 * given (tests capture one). No patient data reaches it: requests are logged by method, route
 * pattern, redacted URL and address, errors by {@link serializeError}; bodies and headers never.
 */
export type LoggerSetting = boolean | { level: string; stream?: { write(line: string): void } };

/** Keys a log call's object (or an object one level inside it) must never carry: dropped, not written. */
const NEVER_LOGGED = new Set(['body', 'headers', 'password']);

/** The keys the logger's serializers write field by field. */
const SERIALIZED = new Set(['req', 'res', 'err']);

/** `value` without the {@link NEVER_LOGGED} keys: itself when it has none, else a shallow copy without them. */
function withoutUnlogged<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of NEVER_LOGGED) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    delete copy[key];
  }
  return (copy ?? value) as T;
}

/**
 * Pino's `formatters.log`: a body, headers or a password passed to a log call by mistake is
 * dropped, at the top of the object and one level down (what redaction paths `body`, `*.body`,
 * … would do, without pino's redaction machinery on every line). Objects that a serializer
 * writes (`req`, `res`, `err`) are left to it: the serializers above keep only named fields.
 */
export function dropUnlogged(object: Record<string, unknown>): Record<string, unknown> {
  let out = object;
  for (const key in object) {
    if (!Object.prototype.hasOwnProperty.call(object, key)) continue;
    if (NEVER_LOGGED.has(key)) {
      if (out === object) out = { ...object };
      delete out[key];
    } else if (!SERIALIZED.has(key)) {
      const value = object[key];
      const kept = withoutUnlogged(value);
      if (kept !== value) {
        if (out === object) out = { ...object };
        out[key] = kept;
      }
    }
  }
  return out;
}

/** A free-text message without the query strings it quotes. */
const scrubText = (text: string) => (text.includes('?') ? text.replace(QUERY_IN_TEXT, '$1?[redacted]') : text);

/** Fastify's `logger` option for a setting, with the serializers and the dropped keys of this file. */
export function loggerOptions(setting: LoggerSetting | undefined) {
  if (!setting) return false;
  const base = setting === true ? { level: 'info' } : setting;
  return {
    ...base,
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactedUrl(request.url ?? ''),
        route: request.routeOptions?.url,
        remoteAddress: request.ip ?? request.socket?.remoteAddress,
      }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: (err: unknown) => serializeError(err) as { type: string; message: string; stack: string },
    },
    formatters: { log: dropUnlogged },
    hooks: {
      // Free-text messages (Fastify's own included) lose any query string they quote.
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        for (let i = 0; i < args.length; i += 1) if (typeof args[i] === 'string') args[i] = scrubText(args[i] as string);
        method.apply(this, args);
      },
    },
  };
}

/**
 * Fastify's log lines of a request: none of its own (no "incoming request", no second line for
 * errors its default handlers log), and one line when the request is answered, from Fastify's
 * response callback (no hook of its own): the request id (the child logger's `reqId`), method,
 * route, redacted URL and address, the status and the time taken; at error level when answering
 * failed.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) request.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request completed');
    else request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Echoes the request's id (`request.id`, see {@link requestId}) as `x-request-id` on every response. */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'request-id' },
);
