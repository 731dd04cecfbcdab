import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../../db/client.js';
import { sendAnswer } from './answer.js';
import { personRunner, type RouteRun, type Runner } from './callers.js';
import type { RouteHandler } from './context.js';
import type { Schema } from './input.js';
import { accessOf, contractOf } from './openapi-config.js';
import type { AnyOptions, Caller, ContextOf, DefaultTenant, InputOf, ResultOf, RouteDefinition, TenantMode } from './options.js';
import { serializerSchemaOf } from './reply-schema.js';
import { apiKeyRunner, streamRunner, webhookRunner } from './service-callers.js';

const DATABASE = Symbol('route.database');

/** Gives `defineRoute` the app's database; registered by `app.ts` before any module. */
export const routePlugin = fp(
  async (app: FastifyInstance, opts: { db: AppDb }) => {
    app.decorate(DATABASE, opts.db);
  },
  { name: 'route' },
);

/** The app's database as `routePlugin` gave it; for the platform's own work (the limits of `rate-limit.ts`, `concurrency-limit.ts`), never a module's. */
export function databaseOf(app: FastifyInstance): AppDb {
  const db = (app as unknown as Record<symbol, AppDb | undefined>)[DATABASE];
  if (!db) throw new Error('routePlugin must be registered before routes made with defineRoute');
  return db;
}

/** Fastify's response schema: a JSON success reply is serialized from its contract (`reply-schema.ts`). */
function serializedReply(spec: AnyOptions, status: number) {
  if (!spec.reply || spec.replyMedia || spec.stream) return undefined;
  return { response: { [status]: serializerSchemaOf(spec.reply) } };
}

/** The caller's way of running a request of the route; a combination no caller runs is refused here, at start-up. */
function runnerOf(spec: AnyOptions): Runner {
  if (spec.stream && spec.method !== 'GET') throw new Error(`${spec.method} ${spec.url}: a stream is a GET`);
  const tenant = spec.tenant ?? (spec.caller === 'account' || spec.caller === 'webhook' ? 'none' : 'transaction');
  let runner: Runner | null;
  if (spec.stream) runner = spec.caller === 'session' || spec.caller === 'public' ? streamRunner(spec) : null;
  else if (spec.caller === 'api-key') runner = tenant === 'transaction' ? apiKeyRunner(spec) : null;
  else if (spec.caller === 'webhook') runner = tenant === 'none' ? webhookRunner(spec) : null;
  else runner = personRunner(spec, tenant);
  if (!runner)
    throw new Error(
      `${spec.method} ${spec.url}: no route runs caller '${spec.caller}' with tenant '${tenant}'${spec.stream ? ' as a stream' : ''}`,
    );
  return runner;
}

/**
 * Defines a route: who may call it (`caller`), how its handler reaches the tenant (`tenant`), its
 * contracts (`params`, `query`, `body`, `reply`) and the rest (rate limit, idempotency, access),
 * each stated once; the route config it registers is what the access plugin, `/api/openapi.json`
 * and the conformance suite read. The handler gets the context its caller and tenant call for
 * (`ContextOf`), the parsed input, and the request and reply for what no contract covers.
 */
export function defineRoute<
  C extends Caller,
  T extends TenantMode = DefaultTenant<C>,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  S extends boolean = false,
>(
  app: FastifyInstance,
  options: RouteDefinition<C, T, P, Q, B, S>,
  handler: RouteHandler<ContextOf<C, T, S>, InputOf<C, P, Q, B>, ResultOf<S>>,
): void {
  const spec = options as AnyOptions;
  const runner = runnerOf(spec);
  const run: RouteRun = { db: databaseOf(app), spec, access: accessOf(spec), handler: handler as unknown as RouteRun['handler'] };
  const status = spec.status ?? 200;
  const route = (scope: FastifyInstance) =>
    scope.route({
      method: spec.method,
      url: spec.url,
      // Read by the access plugin, the OpenAPI document and the conformance suite.
      config: { access: run.access, contract: contractOf(spec) },
      schema: serializedReply(spec, status),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const body = await runner(run, request, reply);
        return spec.stream ? undefined : sendAnswer(reply, body, status);
      },
    });
  if (spec.caller !== 'webhook') {
    route(app);
    return;
  }
  void app.register(async (scope) => {
    // Only in this route's scope: the body stays the exact text that was signed.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    route(scope);
  });
}
