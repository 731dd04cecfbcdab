import { organizationTimeZone, tenantSelector, type Feature, type RouteAccessRule, type ScopedResource } from '@clinic/domain';
import type { OrganizationToggle } from '@clinic/domain/rules/organization-admission';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { AppDb } from '../db/client.js';
import { organizations, type SessionUser, type TenantOrganization } from '../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { accountDbOf, type AccountDb } from './account-db.js';
import { admitOrganization, publicNeeds, type Admission } from './admission.js';
import { apiKeyFrom, withApiKeyTx } from './api-keys.js';
import {
  auditingRefusals,
  checkAccessInHandler,
  resolveTenant,
  selectedTenant,
  tenantOf,
  userOf,
  type RouteAccess,
  type TenantContext,
} from './access.js';
import { recordAudit, type AuditEntry } from './audit.js';
import { newId } from './crypto.js';
import { AppError, CommittedRefusal } from './errors.js';
import { publishEvent, type EventType } from './events.js';
import { selectCurrentOrganization } from './membership.js';
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
import { tokenFrom } from './sessions.js';
import { withRequestTenantTx, withTenantTx, type TenantTx } from './tenant-tx.js';

export type { AccountDb } from './account-db.js';
export type { TenantTx } from './tenant-tx.js';
export { finalRead, prepared } from './tenant-tx.js';

/**
 * An answer whose JSON is partly written already: `fields` are serialized as usual and each of
 * `written` (JSON text, e.g. built by the database) is put in as it is. For a large list whose rows
 * the database writes as JSON, so that they are not parsed, mapped and serialized again here.
 */
export class JsonAnswer {
  constructor(
    readonly fields: Record<string, unknown>,
    readonly written: Record<string, string>,
  ) {}

  text(): string {
    const parts = Object.entries(this.written).map(([key, json]) => `${JSON.stringify(key)}:${json}`);
    const serialized = JSON.stringify(this.fields);
    return parts.length === 0 ? serialized : `${serialized.slice(0, -1)}${serialized.length > 2 ? ',' : ''}${parts.join(',')}}`;
  }
}

/** The organization and clinic a route acts in, resolved once per request. */
export interface RouteTenant {
  organizationId: string;
  clinicId: string | null;
  organization: TenantOrganization;
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

/** Appends an audit row; what the context knows (organization, actor, address) is filled in. */
export type Audit = (action: string, entity: AuditEntity | null, details?: Record<string, unknown>) => Promise<void>;

/** What a handler (and the services it calls) gets: never the database itself. */
export interface RouteContext<T extends RouteTenant = StaffTenant, A extends RouteActor = StaffActor> {
  /** The request's tenant transaction: RLS on, the app role, the organization set. */
  tx: TenantTx;
  tenant: T;
  actor: A;
  /**
   * Appends an audit row in the transaction, with the organization, actor and address filled in
   * and the request's clinic added to `details` as `clinicId` (not on a route of `scope:
   * 'organization'`).
   */
  audit: Audit;
  /**
   * Sends the event to the organization's listeners when (and only if) the transaction commits,
   * naming the request's clinic (not on a route of `scope: 'organization'`).
   */
  emit(type: EventType, entityId?: string): Promise<void>;
}
/** The context of a route made with {@link tenantRoute}. */
export type TenantRouteContext = RouteContext<StaffTenant, StaffActor>;
/** The context of a route made with {@link publicRoute}. */
export type PublicRouteContext = RouteContext<PublicTenant, PublicActor>;

/** The organization and clinic a request names; they only choose among the caller's memberships. */
export interface TenantSelection {
  organizationId?: string;
  clinicId?: string;
}

/**
 * The context of a route made with {@link publicAccountRoute} (sign-up, sign-in, an e-mail link):
 * the account tables, and nobody signed in yet.
 */
export interface PublicAccountContext {
  /** The account tables, outside any tenant (`account-db.ts`). */
  db: AccountDb;
  actor: PublicActor;
  /**
   * Appends an audit row with `user` (the account the request turned out to be about, if any) as
   * its actor, in that user's current organization (none without one), and the request's address.
   */
  auditAs(user: SessionUser | null | undefined, action: string, entity: AuditEntity | null, details?: Record<string, unknown>): Promise<void>;
}

/** A transaction of an organization being created ({@link AccountRouteContext.inNewOrganization}). */
export interface NewOrganizationContext {
  /** A tenant transaction of the new organization (RLS on, its id set). */
  tx: TenantTx;
  /** The new organization's id, chosen by the platform. */
  organizationId: string;
  actor: StaffActor;
  /** Appends an audit row of the new organization in the transaction, actor and address filled in. */
  audit: Audit;
}

/** The context of a route made with {@link accountRoute}: a signed-in user, not yet in a tenant. */
export interface AccountRouteContext {
  /** The account tables, outside any tenant (`account-db.ts`). */
  db: AccountDb;
  /** The signed-in user, as the session resolved it. */
  user: SessionUser;
  /** The request's session (sign-out ends it). */
  sessionId: string;
  actor: StaffActor;
  /**
   * The organization and clinic the request names (query, then body, then the X-Organization-Id
   * and X-Clinic-Id headers), when it names one.
   */
  selection: TenantSelection;
  /** Appends an audit row about the user's account, in their current organization (none without one). */
  audit: Audit;
  /**
   * Runs `fn` as a member of `wanted` (else of the user's current organization): the membership is
   * resolved among the user's own ones, then `fn` runs in one tenant transaction of it with a
   * tenant route's context. A refused membership (`access/not-a-member`, `access/forbidden`) is
   * thrown, and audited in the user's current organization unless `auditRefusal` is false.
   */
  asMember<T>(wanted: TenantSelection, fn: (ctx: TenantRouteContext) => Promise<T>, options?: { auditRefusal?: boolean }): Promise<T>;
  /** Runs `fn` in a tenant transaction of a new organization, whose id the platform picks. */
  inNewOrganization<T>(fn: (ctx: NewOrganizationContext) => Promise<T>): Promise<T>;
  /**
   * Makes `wanted` the user's current organization and clinic (`membership.ts`); a refusal is
   * audited in the user's current organization.
   */
  selectOrganization(wanted: { organizationId: string; clinicId?: string }): Promise<{ organizationId: string; clinicId: string | null }>;
}

/**
 * The context of a route made with {@link tenantAccountRoute}: a staff route (the access plugin
 * resolved the membership and checked the access) whose work also reads or writes the account
 * tables, so it is not one transaction.
 */
export interface TenantAccountRouteContext {
  /** The account tables, outside any tenant (`account-db.ts`). */
  db: AccountDb;
  tenant: StaffTenant;
  actor: StaffActor;
  /** Runs `fn` in one tenant transaction of the request's organization, with a tenant route's context. */
  tenantTx<T>(fn: (ctx: TenantRouteContext) => Promise<T>): Promise<T>;
}

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
  /**
   * The body. On routes acting in the request's tenant (`tenantRoute`, `tenantAccountRoute`),
   * `organizationId` and `clinicId` (tenant selectors) are dropped before parsing.
   */
  body?: B;
  /**
   * The body must be a JSON object: null, an array or a number is refused (400) before the
   * contract reads it, where a contract of optional fields would take it for "no fields".
   */
  objectBody?: boolean;
  /** Status of a success; 200 unless given (201 for a creation). */
  status?: number;
  /**
   * Honours an `Idempotency-Key` header (`platform/idempotency.ts`): a retry with the same key and
   * request gets the first answer without running the handler again. `true` scopes keys to this
   * method and URL; `{ scope }` lets aliases share them. Requests without the header run as usual.
   */
  idempotent?: IdempotencyOption;
}

/** Where a tenant route's audit rows and events belong. */
interface ScopedSpec {
  /**
   * 'organization' for routes about the organization itself (its settings, clinics, members):
   * their audit rows carry no `clinicId` and their events go to the whole organization. Unless
   * given, both name the request's clinic.
   */
  scope?: 'clinic' | 'organization';
}

export interface TenantRouteSpec<P extends Schema, Q extends Schema, B extends Schema> extends RouteSpecBase<P, Q, B>, ScopedSpec {
  /** An entry of the feature's table in `@clinic/domain` (`rules/route-access.ts`). */
  access: RouteAccessRule & { featureMessage?: string };
}

export interface PublicRouteSpec<P extends Schema, Q extends Schema, B extends Schema> extends RouteSpecBase<P, Q, B>, ScopedSpec {
  /** The organization when neither the query nor the body names one (the kiosk's 'default-clinic'). */
  defaultOrganizationId?: string;
  /** The plan feature the route belongs to: an organization whose plan lacks it refuses anonymous callers (402). */
  feature?: Feature;
  /** An organization setting that must be on for anonymous callers (`kioskEnabled`), else 403. */
  setting?: OrganizationToggle;
  /** Counted per address before anything is parsed or read. */
  rateLimit?: { limiter: RateLimiter; scope: string };
}

/** A signed-in route's spec ({@link accountRoute}): the access is a session. */
export type AccountRouteSpec<P extends Schema, Q extends Schema, B extends Schema> = RouteSpecBase<P, Q, B> & ScopedSpec;

/** A public account route's spec ({@link publicAccountRoute}). */
export interface PublicAccountRouteSpec<P extends Schema, Q extends Schema, B extends Schema> extends RouteSpecBase<P, Q, B> {
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
 * A route's handler: returns the reply's body. `request` and `reply` are there for what no
 * contract covers (a header such as Idempotency-Key, the session cookie); never for the tenant.
 */
export type RouteHandler<C, P extends Schema, Q extends Schema, B extends Schema> = (
  ctx: C,
  input: RouteInput<P, Q, B>,
  request: FastifyRequest,
  reply: FastifyReply,
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
  if (!db) throw new Error('routePlugin must be registered before routes made with the route helpers');
  return db;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body without the tenant selectors every client adds (see `parseBody`); anything else as sent. */
function withoutSelectors(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const { organizationId: _o, clinicId: _c, ...rest } = body;
  return rest;
}

function parseInput<P extends Schema, Q extends Schema, B extends Schema>(
  spec: RouteSpecBase<P, Q, B>,
  request: FastifyRequest,
  dropSelectors: boolean,
): RouteInput<P, Q, B> {
  // null, an array or a number would otherwise parse as "no fields" and still count as a request.
  if (spec.objectBody && !isPlainObject(request.body)) {
    throw new AppError('validation/invalid', 'The request body must be a JSON object.');
  }
  const body = dropSelectors ? withoutSelectors(request.body) : request.body;
  return {
    params: (spec.params ? parse(spec.params, request.params) : undefined) as Parsed<P>,
    query: (spec.query ? parse(spec.query, request.query) : undefined) as Parsed<Q>,
    body: (spec.body ? parse(spec.body, body) : undefined) as Parsed<B>,
  };
}

/** The audit row of `action` on `entity` by `actor` in `organizationId`: the one shape every context's `audit` writes. */
function auditEntry(
  organizationId: string | null,
  actor: RouteActor,
  action: string,
  entity: AuditEntity | null | undefined,
  details?: Record<string, unknown>,
): AuditEntry {
  return { organizationId, actorUserId: actor.userId, action, entityType: entity?.type, entityId: entity?.id ?? undefined, ip: actor.ip, details };
}

function contextOf<T extends RouteTenant, A extends RouteActor>(
  tx: TenantTx,
  tenant: T,
  actor: A,
  scope: ScopedSpec['scope'] = 'clinic',
): RouteContext<T, A> {
  const clinicId = scope === 'organization' ? undefined : tenant.clinicId;
  return {
    tx,
    tenant,
    actor,
    audit: (action, entity, details) =>
      recordAudit(tx, auditEntry(tenant.organizationId, actor, action, entity, scope === 'organization' ? details : { clinicId, ...details })),
    emit: (type, entityId) => publishEvent(tx, { organizationId: tenant.organizationId, clinicId, type, entityId }),
  };
}

const staffTenantOf = (membership: TenantContext): StaffTenant => ({
  ...membership,
  timeZone: organizationTimeZone(membership.organization.settings),
});

/**
 * Writes an audit row about an account: in its organization's tenant transaction when it has one
 * (as refusals are, `access.ts`), else with no organization.
 */
async function auditAccount(db: AppDb, entry: AuditEntry): Promise<void> {
  const organizationId = entry.organizationId;
  if (organizationId) await withTenantTx(db, organizationId, (tx) => recordAudit(tx, entry));
  else await recordAudit(db, entry);
}

/** `auditAs` of the account contexts: `user` acts, in their current organization (none without one). */
function accountAuditor(db: AppDb, ip: string): PublicAccountContext['auditAs'] {
  return (user, action, entity, details) =>
    auditAccount(db, auditEntry(user?.currentOrganizationId ?? null, { userId: user?.id ?? null, ip }, action, entity, details));
}

function register(
  app: FastifyInstance,
  spec: RouteSpecBase<Schema, Schema, Schema>,
  access: RouteAccess,
  handle: (request: FastifyRequest, reply: FastifyReply) => Promise<object>,
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
      const body = await handle(request, reply);
      if (body instanceof ReplayedAnswer) {
        reply.status(body.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return body.body;
      }
      if (body instanceof CommittedRefusal) {
        reply.status(body.status);
        return body.body;
      }
      if (body instanceof JsonAnswer) {
        reply.status(spec.status ?? 200).type('application/json; charset=utf-8');
        return body.text();
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
  // Checked here rather than by the access plugin: the session, the membership and the start of
  // the transaction are one round trip (`withTenantRequest`, `access.ts`).
  const access = checkAccessInHandler({ tenant: true, ...spec.access });
  register(app, spec, access, async (request, reply) =>
    withRequestTenantTx(db, request, access, (membership, tx) => {
      const input = parseInput(spec, request, true);
      const key = spec.idempotent ? idempotencyKeyOf(request) : null;
      const tenant = staffTenantOf(membership);
      const actor: StaffActor = { userId: userOf(request).id, ip: request.ip };
      return runHandler(spec, key, tx, tenant, actor, input, () => handler(contextOf(tx, tenant, actor, spec.scope), input, request, reply));
    }),
  );
}

/**
 * A staff route whose work also touches the account tables (sign-in attempts, rate-limit hits):
 * access as {@link tenantRoute}, but the handler gets the account tables and opens the tenant
 * transaction itself, as often as it needs one (`ctx.tenantTx`). Prefer `tenantRoute`.
 */
export function tenantAccountRoute<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  app: FastifyInstance,
  spec: TenantRouteSpec<P, Q, B>,
  handler: RouteHandler<TenantAccountRouteContext, P, Q, B>,
): void {
  const db = databaseOf(app);
  const accounts = accountDbOf(db);
  register(app, spec, { tenant: true, ...spec.access }, async (request, reply) => {
    const input = parseInput(spec, request, true);
    const tenant = staffTenantOf(tenantOf(request));
    const actor: StaffActor = { userId: userOf(request).id, ip: request.ip };
    const ctx: TenantAccountRouteContext = {
      db: accounts,
      tenant,
      actor,
      tenantTx: (fn) => withTenantTx(db, tenant.organizationId, (tx) => fn(contextOf(tx, tenant, actor, spec.scope))),
    };
    return handler(ctx, input, request, reply);
  });
}

/**
 * A signed-in route outside any tenant (the session, the organizations one may choose, creating
 * one, accepting an invitation): the access plugin has checked the session; the handler gets the
 * user, the account tables and the ways into an organization ({@link AccountRouteContext}). The
 * body is parsed as sent: its `organizationId` may be what the route is about.
 */
export function accountRoute<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  app: FastifyInstance,
  spec: AccountRouteSpec<P, Q, B>,
  handler: RouteHandler<AccountRouteContext, P, Q, B>,
): void {
  const db = databaseOf(app);
  const accounts = accountDbOf(db);
  register(app, spec, { signedIn: true }, async (request, reply) => {
    const input = parseInput(spec, request, false);
    const user = userOf(request);
    const actor: StaffActor = { userId: user.id, ip: request.ip };
    const auditAs = accountAuditor(db, request.ip);
    const ctx: AccountRouteContext = {
      db: accounts,
      user,
      sessionId: request.sessionId!,
      actor,
      selection: selectedTenant(request),
      audit: (action, entity, details) => auditAs(user, action, entity, details),
      async asMember(wanted, fn, options = {}) {
        const resolve = () => resolveTenant(db, user, wanted, request.ip);
        const membership = options.auditRefusal === false ? await resolve() : await auditingRefusals(db, request, user, wanted, resolve);
        const tenant = staffTenantOf(membership);
        return withTenantTx(db, tenant.organizationId, (tx) => fn(contextOf(tx, tenant, actor, spec.scope)));
      },
      inNewOrganization(fn) {
        const organizationId = newId();
        return withTenantTx(db, organizationId, (tx) =>
          fn({
            tx,
            organizationId,
            actor,
            audit: (action, entity, details) => recordAudit(tx, auditEntry(organizationId, actor, action, entity, details)),
          }),
        );
      },
      selectOrganization: (wanted) =>
        auditingRefusals(db, request, user, wanted, () => selectCurrentOrganization(accounts, user, wanted, request.ip)),
    };
    return handler(ctx, input, request, reply);
  });
}

/**
 * A public route with no tenant (sign-up, sign-in, an e-mail link): anyone may call it;
 * `spec.rateLimit` counts per address before anything else. The handler gets the account tables
 * and audits with the account it turned out to be about as the actor ({@link PublicAccountContext}).
 * The body is parsed as sent.
 */
export function publicAccountRoute<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  app: FastifyInstance,
  spec: PublicAccountRouteSpec<P, Q, B>,
  handler: RouteHandler<PublicAccountContext, P, Q, B>,
): void {
  const db = databaseOf(app);
  const accounts = accountDbOf(db);
  register(app, spec, { public: true }, async (request, reply) => {
    spec.rateLimit?.limiter.hitRequest(request, spec.rateLimit.scope);
    const input = parseInput(spec, request, false);
    const ctx: PublicAccountContext = { db: accounts, actor: { userId: null, ip: request.ip }, auditAs: accountAuditor(db, request.ip) };
    return handler(ctx, input, request, reply);
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
 * Runs `fn` in the tenant transaction of the organization and clinic a public request names (an
 * unknown or inactive organization, or a clinic it does not have, is a 404), as an anonymous actor,
 * once the organization admits the request (`admission.ts`, on the row the clinic lookup read: a
 * disabled entry point, a plan without the route's feature, a write to a read-only organization).
 */
function inPublicTenant<T>(
  db: ReturnType<typeof databaseOf>,
  request: FastifyRequest,
  spec: PublicRouteSpec<Schema, Schema, Schema>,
  fn: (tx: TenantTx, tenant: PublicTenant, actor: PublicActor) => Promise<T>,
): Promise<T> {
  const wanted = publicPlace(request, spec.defaultOrganizationId);
  const actor: PublicActor = { userId: null, ip: request.ip };
  const needs: Admission = publicNeeds(spec.method, spec);
  return withTenantTx(db, wanted.organizationId, async (tx) => {
    const place = await resolvePublicClinic(tx, wanted.organizationId, wanted.clinicId);
    admitOrganization(place.organization, { kind: 'public', ip: request.ip }, needs);
    const tenant: PublicTenant = {
      organizationId: place.organization.id,
      clinicId: place.clinicId,
      clinicName: place.clinicName,
      organization: place.organization,
      timeZone: organizationTimeZone(place.organization.settings),
    };
    return fn(tx, tenant, actor);
  });
}

/**
 * A public route (kiosks, the public board): anyone may call it, for the organization and clinic
 * named in the query (or body); an unknown or inactive organization, or a clinic it does not have,
 * is a 404, and the organization admits the request as it would any caller (`spec.setting`,
 * `spec.feature`, read-only for writes: `admission.ts`). The handler gets the same context as a
 * staff route's, with `actor.userId` null.
 */
export function publicRoute<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  app: FastifyInstance,
  spec: PublicRouteSpec<P, Q, B>,
  handler: RouteHandler<PublicRouteContext, P, Q, B>,
): void {
  const db = databaseOf(app);
  register(app, spec, { public: true }, async (request, reply) => {
    spec.rateLimit?.limiter.hitRequest(request, spec.rateLimit.scope);
    const input = parseInput(spec, request, true);
    const key = spec.idempotent ? idempotencyKeyOf(request) : null;
    return inPublicTenant(db, request, spec, (tx, tenant, actor) =>
      runHandler(spec, key, tx, tenant, actor, input, () => handler(contextOf(tx, tenant, actor, spec.scope), input, request, reply)),
    );
  });
}

/** A route that staff and the public both call ({@link publicOrTenantRoute}). */
export interface PublicOrTenantRouteSpec<P extends Schema, Q extends Schema, B extends Schema> extends PublicRouteSpec<P, Q, B> {
  /** What a staff caller needs: an entry of the feature's table in `@clinic/domain`. */
  access: RouteAccessRule;
  /**
   * Whether this request is a staff one (checked as {@link tenantRoute} would: 401, 403, the
   * membership's tenant); otherwise it runs as {@link publicRoute}. Default: it carries a session.
   */
  asStaff?: (request: FastifyRequest) => boolean;
}

/** The context of a route made with {@link publicOrTenantRoute}: which of the two it ran as. */
export type PublicOrTenantRouteContext = (TenantRouteContext & { signedIn: true }) | (PublicRouteContext & { signedIn: false });

/**
 * A route both signed-in staff and anonymous callers reach at the same address (the pediatric
 * intake's enrol and queue calls, authorised by a session or by the intake's token; a trial read in
 * full by staff and in part by the intake page). A staff request (`spec.asStaff`, default: it
 * carries a session) runs exactly as {@link tenantRoute}; any other as {@link publicRoute} (its
 * admission included), its handler then deciding what an anonymous caller may do. The handler
 * learns which from `ctx.signedIn`.
 */
export function publicOrTenantRoute<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  app: FastifyInstance,
  spec: PublicOrTenantRouteSpec<P, Q, B>,
  handler: RouteHandler<PublicOrTenantRouteContext, P, Q, B>,
): void {
  const db = databaseOf(app);
  const access = checkAccessInHandler({ tenant: true, ...spec.access });
  const asStaff = spec.asStaff ?? ((request: FastifyRequest) => tokenFrom(request) !== null);
  register(app, spec, { public: true }, async (request, reply) => {
    spec.rateLimit?.limiter.hitRequest(request, spec.rateLimit.scope);
    const key = spec.idempotent ? idempotencyKeyOf(request) : null;
    if (asStaff(request)) {
      return withRequestTenantTx(db, request, access, (membership, tx) => {
        const input = parseInput(spec, request, true);
        const tenant = staffTenantOf(membership);
        const actor: StaffActor = { userId: userOf(request).id, ip: request.ip };
        const ctx = { ...contextOf(tx, tenant, actor, spec.scope), signedIn: true as const };
        return runHandler(spec, key, tx, tenant, actor, input, () => handler(ctx, input, request, reply));
      });
    }
    const input = parseInput(spec, request, true);
    return inPublicTenant(db, request, spec, (tx, tenant, actor) => {
      const ctx = { ...contextOf(tx, tenant, actor, spec.scope), signedIn: false as const };
      return runHandler(spec, key, tx, tenant, actor, input, () => handler(ctx, input, request, reply));
    });
  });
}

/** A long-lived stream (server-sent events): who may open it and what its query is, stated once. */
export interface StreamRouteSpec<Q extends Schema> {
  url: string;
  summary: string;
  /** A rule of the feature's access table for a staff stream, or `'public'` for anyone. */
  access: RouteAccessRule | 'public';
  query?: Q;
  /** Counted per address before anything is parsed or read. */
  rateLimit?: { limiter: RateLimiter; scope: string };
}

/**
 * A `GET` that answers with a stream instead of one body (the SSE routes of `modules/events/`).
 * The access plugin checks `spec.access` (a staff stream's membership is on `request.tenant`); the
 * query is parsed from its contract. No transaction is opened: a stream must not hold one for its
 * life, so the handler reaches the database only through platform functions that end their own
 * (`platform/event-stream.ts`), and takes over the reply (`reply.hijack()`).
 */
export function streamRoute<Q extends Schema = undefined>(
  app: FastifyInstance,
  spec: StreamRouteSpec<Q>,
  handler: (input: { query: Parsed<Q> }, request: FastifyRequest, reply: FastifyReply) => Promise<void> | void,
): void {
  const contract: RouteContract = { summary: spec.summary };
  if (spec.query) contract.query = spec.query;
  const access: RouteAccess = spec.access === 'public' ? { public: true } : { tenant: true, ...spec.access };
  app.route({
    method: 'GET',
    url: spec.url,
    config: { access, contract },
    handler: async (request, reply) => {
      spec.rateLimit?.limiter.hitRequest(request, spec.rateLimit.scope);
      const query = (spec.query ? parse(spec.query, request.query) : undefined) as Parsed<Q>;
      await handler({ query }, request, reply);
    },
  });
}

/** What a payment provider's webhook handler gets ({@link webhookRoute}). */
export interface WebhookContext {
  /** The account tables, outside any tenant: to find the organization an event is about. */
  db: AccountDb;
  actor: PublicActor;
  /**
   * Runs `fn` in one tenant transaction of `organizationId` with a route context (no user: the
   * provider acts), its audit rows and events of the organization. An unknown id is a 404.
   */
  inOrganization<T>(organizationId: string, fn: (ctx: RouteContext<RouteTenant, PublicActor>) => Promise<T>): Promise<T>;
}

/** A webhook's spec: a public `POST` whose body is read as sent (the signature covers the exact bytes). */
export interface WebhookRouteSpec {
  url: string;
  summary: string;
  /** Counted per address before anything is read. */
  rateLimit?: { limiter: RateLimiter; scope: string };
}

/**
 * A payment provider's webhook (`POST`, public): the handler gets the raw body as text to verify
 * its signature before anything is parsed, and acts in the organization the verified event names.
 */
export function webhookRoute(
  app: FastifyInstance,
  spec: WebhookRouteSpec,
  handler: (ctx: WebhookContext, rawBody: string, request: FastifyRequest) => Promise<object>,
): void {
  const db = databaseOf(app);
  const contract: RouteContract = { summary: spec.summary };
  void app.register(async (scope) => {
    // Only in this route's scope: the body stays the exact text that was signed.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.route({
      method: 'POST',
      url: spec.url,
      config: { access: { public: true }, contract },
      handler: async (request) => {
        spec.rateLimit?.limiter.hitRequest(request, spec.rateLimit.scope);
        const actor: PublicActor = { userId: null, ip: request.ip };
        const ctx: WebhookContext = {
          db: accountDbOf(db),
          actor,
          inOrganization: (organizationId, fn) =>
            withTenantTx(db, organizationId, async (tx) => {
              const [organization] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
              if (!organization) throw new AppError('not-found', 'Organization not found');
              const tenant: RouteTenant = {
                organizationId,
                clinicId: null,
                organization,
                timeZone: organizationTimeZone(organization.settings),
              };
              return fn(contextOf(tx, tenant, actor, 'organization'));
            }),
        };
        return handler(ctx, typeof request.body === 'string' ? request.body : '', request);
      },
    });
  });
}

/** Who reads the FHIR server: a staff member (`userId`) or an API key (`apiKeyId`), never both. */
export interface FhirActor extends RouteActor {
  /** The API key the request carried, when it was not a staff session. */
  apiKeyId: string | null;
}

/**
 * The context of a route made with {@link fhirRoute}: a tenant route's, for the whole organization
 * (no clinic), its audit rows naming the API key when one acts. Services of the FHIR module take
 * it; a staff route's context ({@link TenantRouteContext}) fits it too.
 */
export type FhirRouteContext = RouteContext<RouteTenant, RouteActor>;

/** A FHIR read's spec ({@link fhirRoute}). */
export interface FhirRouteSpec<P extends Schema, Q extends Schema> {
  url: string;
  summary: string;
  params?: P;
  query?: Q;
  /** What a staff session needs: an entry of `FHIR_ACCESS`. */
  access: RouteAccessRule;
  /** The resource types the route reads: an API key needs a scope for each. */
  resources: readonly ScopedResource[];
  /** Counted per API key, once the key is known. */
  rateLimit: RateLimiter;
}

/**
 * A `GET` of the FHIR server (`/fhir/R4`), read by a staff session (cookie or bearer session
 * token, checked as {@link tenantRoute} does against `spec.access`) or by an organization's API key
 * (`Authorization: Bearer ck_live_…`, `platform/api-keys.ts`: 401 unknown or revoked, rate
 * limited per key, admitted by the organization as a session is (`admission.ts`), 403 without the
 * scope). Either way the handler runs in one tenant transaction of the organization under the
 * same RLS, with the organization as its scope; its audit rows carry the key
 * (`details.apiKeyId`) when a key acts. The reply is `application/fhir+json`; errors are
 * written by the FHIR module's error handler.
 */
export function fhirRoute<P extends Schema = undefined, Q extends Schema = undefined>(
  app: FastifyInstance,
  spec: FhirRouteSpec<P, Q>,
  handler: (ctx: FhirRouteContext, input: RouteInput<P, Q, undefined>, request: FastifyRequest) => Promise<object>,
): void {
  const db = databaseOf(app);
  // Checked by the handler (a session as `tenantRoute`'s, or an API key): the access plugin leaves it.
  const access = checkAccessInHandler({ tenant: true, ...spec.access, apiKey: true });
  const inputOf = (request: FastifyRequest) => parseInput({ ...spec, method: 'GET' }, request, false);
  const contract: RouteContract = { summary: spec.summary };
  if (spec.query) contract.query = spec.query;
  const throttle = (keyId: string) => spec.rateLimit.hit(`fhir-key:${keyId}`, Date.now(), 'fhir-api-key');
  app.route({
    method: 'GET',
    url: spec.url,
    // Read by the OpenAPI document and the conformance suite.
    config: { access, contract },
    handler: async (request, reply) => {
      const key = apiKeyFrom(request);
      const body = key
        ? await withApiKeyTx(db, key, spec.resources, { request, throttle }, (tx, row, organization) => {
            const tenant: RouteTenant = {
              organizationId: row.organizationId,
              clinicId: null,
              organization,
              timeZone: organizationTimeZone(organization.settings),
            };
            const actor: FhirActor = { userId: null, apiKeyId: row.id, ip: request.ip };
            const ctx: FhirRouteContext = {
              ...contextOf(tx, tenant, actor, 'organization'),
              audit: (action, entity, details) =>
                recordAudit(
                  tx,
                  auditEntry(tenant.organizationId, actor, action, entity, { ...details, via: 'fhir', apiKeyId: row.id, apiKeyName: row.name }),
                ),
            };
            return handler(ctx, inputOf(request), request);
          })
        : await withRequestTenantTx(db, request, access, (membership, tx) => {
            const tenant = staffTenantOf(membership);
            const actor: StaffActor = { userId: userOf(request).id, ip: request.ip };
            const ctx: FhirRouteContext = {
              ...contextOf(tx, tenant, actor, 'organization'),
              audit: (action, entity, details) =>
                recordAudit(tx, auditEntry(tenant.organizationId, actor, action, entity, { ...details, via: 'fhir' })),
            };
            return handler(ctx, inputOf(request), request);
          });
      reply.type('application/fhir+json');
      return body;
    },
  });
}
