import { organizationTimeZone, tenantSelector, type RouteAccessRule } from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { AppDb } from '../db/client.js';
import type { OrganizationRow } from '../db/schema/index.js';
import { tenantOf, userOf, type RouteAccess, type TenantContext } from './access.js';
import { recordAudit } from './audit.js';
import { AppError } from './errors.js';
import { publishEvent, type EventType } from './events.js';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeyOf,
  idempotencyScope,
  ReplayedAnswer,
  requestHash,
  withIdempotency,
  type IdempotencyOption,
} from './idempotency.js';
import type { RouteContract } from './openapi.js';
import { parse } from './parse.js';
import { resolvePublicClinic } from './public-clinic.js';
import type { RateLimiter } from './rate-limit.js';
import { withTenantTx, type TenantTx } from './tenant-tx.js';

export type { TenantTx } from './tenant-tx.js';

/** The organization and clinic a route acts in, resolved once per request. */
export interface RouteTenant {
  organizationId: string;
  clinicId: string | null;
  organization: OrganizationRow;
  /** The organization's IANA time zone (its settings, else the platform default). */
  timeZone: string;
}
/** A staff route's tenant: the caller's membership as the access plugin resolved it. */
export type StaffTenant = TenantContext & { timeZone: string };
/** A public route's tenant: the organization and clinic its URL names (a clinic always exists). */
export interface PublicTenant extends RouteTenant {
  clinicId: string;
  clinicName: string;
}

/** Who acts, for the audit trail: the signed-in user, or nobody on a public route. */
export interface RouteActor {
  userId: string | null;
  ip: string;
}
export interface StaffActor extends RouteActor {
  userId: string;
}
export interface PublicActor extends RouteActor {
  userId: null;
}

/** The record an audit row is about; `id` is left out for reads of many (a list). */
export interface AuditEntity {
  type: string;
  id?: string | null;
}

/** What a handler (and the services it calls) gets: never the database itself. */
export interface RouteContext<T extends RouteTenant = StaffTenant, A extends RouteActor = StaffActor> {
  /** The request's tenant transaction: RLS on, the app role, the organization set. */
  tx: TenantTx;
  tenant: T;
  actor: A;
  /**
   * Appends an audit row in the transaction, with the organization, actor and address filled in
   * and the request's clinic added to `details` as `clinicId`.
   */
  audit(action: string, entity: AuditEntity | null, details?: Record<string, unknown>): Promise<void>;
  /** Sends the event to the organization's listeners when (and only if) the transaction commits. */
  emit(type: EventType, entityId?: string): Promise<void>;
}
/** The context of a route made with {@link tenantRoute}. */
export type TenantRouteContext = RouteContext<StaffTenant, StaffActor>;
/** The context of a route made with {@link publicRoute}. */
export type PublicRouteContext = RouteContext<PublicTenant, PublicActor>;

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** What a route states once: OpenAPI, validation and the 400 on bad input all come from it. */
interface RouteSpecBase<P extends Schema, Q extends Schema, B extends Schema> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  /** Path parameters (`:id`). */
  params?: P;
  query?: Q;
  /** The body; `organizationId` and `clinicId` (tenant selectors) are dropped before parsing. */
  body?: B;
  /** Status of a success; 200 unless given (201 for a creation). */
  status?: number;
  /**
   * Honours an `Idempotency-Key` header (`platform/idempotency.ts`): a retry with the same key and
   * request gets the first answer without running the handler again. `true` scopes keys to this
   * method and URL; `{ scope }` lets aliases share them. Requests without the header run as usual.
   */
  idempotent?: IdempotencyOption;
}

export interface TenantRouteSpec<P extends Schema, Q extends Schema, B extends Schema> extends RouteSpecBase<P, Q, B> {
  /** An entry of the feature's table in `@clinic/domain` (`rules/route-access.ts`). */
  access: RouteAccessRule & { featureMessage?: string };
}

export interface PublicRouteSpec<P extends Schema, Q extends Schema, B extends Schema> extends RouteSpecBase<P, Q, B> {
  /** The organization when neither the query nor the body names one (the kiosk's 'default-clinic'). */
  defaultOrganizationId?: string;
  /** Counted per address before anything is parsed or read. */
  rateLimit?: { limiter: RateLimiter; scope: string };
}

/** The request's parts, parsed by the spec's contracts (`undefined` where the spec has none). */
export interface RouteInput<P extends Schema, Q extends Schema, B extends Schema> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

/**
 * A route's handler: runs inside the tenant transaction and returns the reply's body. `request`
 * is there for what no contract covers (a header such as Idempotency-Key); never for the tenant.
 */
export type RouteHandler<C, P extends Schema, Q extends Schema, B extends Schema> = (
  ctx: C,
  input: RouteInput<P, Q, B>,
  request: FastifyRequest,
) => Promise<object>;

const DATABASE = Symbol('route.database');

/** Gives the route helpers the app's database; registered by `app.ts` before any module. */
export const routePlugin = fp(
  async (app: FastifyInstance, opts: { db: AppDb }) => {
    app.decorate(DATABASE, opts.db);
  },
  { name: 'route' },
);

function databaseOf(app: FastifyInstance): AppDb {
  const db = (app as unknown as Record<symbol, AppDb | undefined>)[DATABASE];
  if (!db) throw new Error('routePlugin must be registered before routes made with tenantRoute or publicRoute');
  return db;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body without the tenant selectors every client adds (see `parseBody`); anything else as sent. */
function withoutSelectors(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const { organizationId: _o, clinicId: _c, ...rest } = body;
  return rest;
}

function parseInput<P extends Schema, Q extends Schema, B extends Schema>(
  spec: RouteSpecBase<P, Q, B>,
  request: FastifyRequest,
): RouteInput<P, Q, B> {
  return {
    params: (spec.params ? parse(spec.params, request.params) : undefined) as Parsed<P>,
    query: (spec.query ? parse(spec.query, request.query) : undefined) as Parsed<Q>,
    body: (spec.body ? parse(spec.body, withoutSelectors(request.body)) : undefined) as Parsed<B>,
  };
}

function contextOf<T extends RouteTenant, A extends RouteActor>(tx: TenantTx, tenant: T, actor: A): RouteContext<T, A> {
  return {
    tx,
    tenant,
    actor,
    audit: (action, entity, details) =>
      recordAudit(tx, {
        organizationId: tenant.organizationId,
        actorUserId: actor.userId,
        action,
        entityType: entity?.type,
        entityId: entity?.id ?? undefined,
        ip: actor.ip,
        details: { clinicId: tenant.clinicId, ...details },
      }),
    emit: (type, entityId) => publishEvent(tx, { organizationId: tenant.organizationId, clinicId: tenant.clinicId, type, entityId }),
  };
}

function register(
  app: FastifyInstance,
  spec: RouteSpecBase<Schema, Schema, Schema>,
  access: RouteAccess,
  handle: (request: FastifyRequest) => Promise<object>,
) {
  // Read by the access plugin, the OpenAPI document and the conformance suite.
  const contract: RouteContract = { summary: spec.summary };
  if (spec.body) contract.body = spec.body;
  if (spec.query) contract.query = spec.query;
  if (spec.idempotent) contract.idempotent = true;
  app.route({
    method: spec.method,
    url: spec.url,
    config: { access, contract },
    handler: async (request, reply) => {
      const body = await handle(request);
      if (body instanceof ReplayedAnswer) {
        reply.status(body.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return body.body;
      }
      reply.status(spec.status ?? 200);
      return body;
    },
  });
}

/** Runs the handler, through {@link withIdempotency} when the spec opts in and the request sent a key. */
function runHandler<P extends Schema, Q extends Schema, B extends Schema>(
  spec: RouteSpecBase<P, Q, B>,
  key: string | null,
  tx: TenantTx,
  tenant: RouteTenant,
  actor: RouteActor,
  input: RouteInput<P, Q, B>,
  run: () => Promise<object>,
): Promise<object> {
  if (!spec.idempotent || key === null) return run();
  return withIdempotency(
    tx,
    {
      organizationId: tenant.organizationId,
      scope: idempotencyScope(spec.idempotent, spec.method, spec.url),
      key,
      hash: requestHash({ clinicId: tenant.clinicId, userId: actor.userId, params: input.params, query: input.query, body: input.body }),
      status: spec.status ?? 200,
    },
    run,
  );
}

/**
 * A staff route: the access plugin has checked the session, the membership and `spec.access`; the
 * handler runs in one tenant transaction of the request's organization with its context.
 */
export function tenantRoute<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  app: FastifyInstance,
  spec: TenantRouteSpec<P, Q, B>,
  handler: RouteHandler<TenantRouteContext, P, Q, B>,
): void {
  const db = databaseOf(app);
  register(app, spec, { tenant: true, ...spec.access }, async (request) => {
    const input = parseInput(spec, request);
    const key = spec.idempotent ? idempotencyKeyOf(request) : null;
    const membership = tenantOf(request);
    const tenant: StaffTenant = { ...membership, timeZone: organizationTimeZone(membership.organization.settings) };
    const actor: StaffActor = { userId: userOf(request).id, ip: request.ip };
    return withTenantTx(db, tenant.organizationId, (tx) =>
      runHandler(spec, key, tx, tenant, actor, input, () => handler(contextOf(tx, tenant, actor), input, request)),
    );
  });
}

/** The organization and clinic a public request names: query, then body, then the route's default. */
function publicPlace(request: FastifyRequest, fallback?: string): { organizationId: string; clinicId?: string } {
  const query = parse(tenantSelector, request.query);
  const raw = isPlainObject(request.body) ? request.body : {};
  const body = parse(tenantSelector, { organizationId: raw.organizationId, clinicId: raw.clinicId });
  const organizationId = query.organizationId ?? body.organizationId ?? fallback;
  if (!organizationId) {
    throw new AppError('validation/invalid', 'Some fields are invalid.', [{ path: 'organizationId', message: 'Required' }]);
  }
  return { organizationId, clinicId: query.clinicId ?? body.clinicId };
}

/**
 * A public route (kiosks, the public board): anyone may call it, for the organization and clinic
 * named in the query (or body); an unknown or inactive organization, or a clinic it does not have,
 * is a 404. The handler gets the same context as a staff route's, with `actor.userId` null.
 */
export function publicRoute<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  app: FastifyInstance,
  spec: PublicRouteSpec<P, Q, B>,
  handler: RouteHandler<PublicRouteContext, P, Q, B>,
): void {
  const db = databaseOf(app);
  register(app, spec, { public: true }, async (request) => {
    spec.rateLimit?.limiter.hitRequest(request, spec.rateLimit.scope);
    const input = parseInput(spec, request);
    const key = spec.idempotent ? idempotencyKeyOf(request) : null;
    const wanted = publicPlace(request, spec.defaultOrganizationId);
    const actor: PublicActor = { userId: null, ip: request.ip };
    return withTenantTx(db, wanted.organizationId, async (tx) => {
      const place = await resolvePublicClinic(tx, wanted.organizationId, wanted.clinicId);
      const tenant: PublicTenant = {
        organizationId: place.organization.id,
        clinicId: place.clinicId,
        clinicName: place.clinicName,
        organization: place.organization,
        timeZone: organizationTimeZone(place.organization.settings),
      };
      return runHandler(spec, key, tx, tenant, actor, input, () => handler(contextOf(tx, tenant, actor), input, request));
    });
  });
}
