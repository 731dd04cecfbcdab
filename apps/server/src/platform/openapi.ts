import type { ScopedResource } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { isApiPath, type RouteAccess } from './access.js';
import { jsonSchemaOf, type ReplyMedia } from './route/reply-schema.js';

/** Request contracts a route may name for the API description (routes still parse with them). */
export interface RouteContract {
  summary?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The route honours an `Idempotency-Key` header (`platform/idempotency.ts`). */
  idempotent?: boolean;
  /** The success reply's body: described in the document, checked in tests (`route/reply-check.ts`). */
  reply?: z.ZodType;
  /** The success status when it is not 200 (201 for a creation). */
  status?: number;
  /** The success reply's media type when it is not `application/json` (a CSV file, an HTML page, a stream), or the types a query chooses from. */
  replyMedia?: ReplyMedia | readonly ReplyMedia[];
  /** The FHIR resource types an API key needs a scope for (routes an API key may call). */
  resources?: readonly ScopedResource[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: RouteContract;
  }
  interface FastifyInstance {
    /** Every `/api` and FHIR route with its access rule and contract, as registered (the conformance suite walks it). */
    apiRoutes: readonly ApiRoute[];
  }
}

/** One registered `/api` (or `/fhir/`) route. */
export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess;
  contract?: RouteContract;
}

/** The media types a success reply may have. */
function mediaOf(contract: RouteContract): readonly string[] {
  const media = contract.replyMedia ?? 'application/json';
  return typeof media === 'string' ? [media] : media;
}

function describeAccess(access: RouteAccess): string {
  if ('public' in access) return 'Public.';
  if ('signedIn' in access) return 'Signed in.';
  const parts = ['Member of the selected organization'];
  if (access.role) parts.push(`role ${access.role} or above`);
  if (access.permission) parts.push(`permission ${access.permission}`);
  if (access.feature) parts.push(`plan feature ${access.feature}`);
  const member = parts.join(', ');
  return access.apiKey ? `${member}; or an organization API key with a scope for each resource read.` : `${member}.`;
}

/** Builds the OpenAPI 3.1 document from the registered routes and their contracts. */
function buildDocument(routes: readonly ApiRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const params: Array<Record<string, unknown>> = [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const operation: Record<string, unknown> = {
      tags: [r.url.startsWith('/fhir/') ? 'fhir' : (r.url.split('/')[2] ?? 'api')],
      summary: r.contract?.summary,
      description: describeAccess(r.access),
      security: 'public' in r.access ? [] : [{ cookie: [] }, { bearer: [] }],
      parameters: params,
      responses: {
        '200': { description: '`{ success: true, ... }`' },
        '4XX': { description: '`{ success: false, error, message, code, issues? }`' },
      },
    };
    if (r.contract?.reply) {
      const success = {
        description: r.contract.replyMedia ? mediaOf(r.contract).join(' or ') : '`{ success: true, ... }`',
        content: Object.fromEntries(mediaOf(r.contract).map((media) => [media, { schema: jsonSchemaOf(r.contract!.reply!, 'output') }])),
      };
      const { '200': _assumed, ...refusals } = operation.responses as Record<string, unknown>;
      operation.responses = { [String(r.contract.status ?? 200)]: success, ...refusals };
    }
    if (r.contract?.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(r.contract.body) } } };
    }
    if (r.contract?.idempotent) {
      params.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
        description: 'A retry with the same key and request gets the first answer (24 hours); another request with it is a 422.',
      });
    }
    if (r.contract?.query) operation['x-query-schema'] = jsonSchemaOf(r.contract.query);
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'ClinicFlow API', version: '1.0.0' },
    components: {
      securitySchemes: {
        cookie: { type: 'apiKey', in: 'cookie', name: 'session_id' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `GET /api/openapi.json` and a readable `GET /api/docs`, generated from the routes. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: ApiRoute[] = [];
    app.decorate('apiRoutes', routes);
    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url) || !route.config?.access) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({ method, url: route.url, access: route.config.access, contract: route.config.contract });
      }
    });
    let doc: ReturnType<typeof buildDocument> | null = null;
    const document = () => (doc ??= buildDocument(routes));

    const described = { openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) };
    const documentContract: RouteContract = { summary: 'This description (OpenAPI 3.1)', reply: z.looseObject(described) };
    const pageContract: RouteContract = { summary: 'This description as a page', reply: z.string(), replyMedia: 'text/html' };
    app.get('/api/openapi.json', { config: { access: { public: true }, contract: documentContract } }, async () => document());
    app.get('/api/docs', { config: { access: { public: true }, contract: pageContract } }, async (_request, reply) => {
      const rows = routes
        .filter((r) => !r.url.startsWith('/api/openapi') && r.url !== '/api/docs')
        .map(
          (r) =>
            `<tr><td><code>${r.method}</code></td><td><code>${escapeHtml(r.url)}</code></td><td>${escapeHtml(
              r.contract?.summary ?? '',
            )}</td><td>${escapeHtml(describeAccess(r.access))}</td></tr>`,
        )
        .join('\n');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ClinicFlow API</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}</style>
</head><body><main><h1>ClinicFlow API</h1><p>Every success is <code>{ "success": true, ... }</code>; every failure is
<code>{ "success": false, "error", "message", "code", "issues"? }</code>. The machine-readable description with request schemas is
<a href="/api/openapi.json">/api/openapi.json</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Access</th></tr></thead><tbody>
${rows}
</tbody></table></main></body></html>`;
    });
  },
  { name: 'openapi' },
);
