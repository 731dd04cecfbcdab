import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDb } from '../../db/client.js';
import { accountDbOf } from '../account-db.js';
import {
  auditingRefusals,
  checkAccessInHandler,
  resolveTenant,
  selectedTenant,
  tenantOf,
  userOf,
  type RouteAccess,
  type TenantAccess,
} from '../access.js';
import { admitOrganization, publicNeeds, type Admission } from '../admission.js';
import { recordAudit } from '../audit.js';
import { newId } from '../crypto.js';
import { idempotencyKeyOf, idempotencyScope, requestHash, withIdempotency } from '../idempotency.js';
import { selectCurrentOrganization } from '../membership.js';
import { resolvePublicClinic } from '../public-clinic.js';
import { tokenFrom } from '../sessions.js';
import { withRequestTenant } from '../access.js';
import { withTenant, type TenantTx } from '../tenant-tx.js';
import { accountAuditor, auditEntry, contextOf, organizationOpener, organizationTenantOf, staffTenantOf } from './build-context.js';
import type {
  AccountRouteContext,
  PublicAccountContext,
  PublicActor,
  PublicTenant,
  RouteActor,
  RouteTenant,
  StaffActor,
  TenantAccountRouteContext,
} from './context.js';
import { parseInput, publicPlace, type RouteInput } from './input.js';
import type { AnyOptions, TenantMode } from './options.js';

/** Everything a caller needs to run one request of a route. */
export interface RouteRun {
  db: AppDb;
  spec: AnyOptions;
  /** The access the route config states (the same object: the access plugin knows it by identity). */
  access: RouteAccess;
  handler: (ctx: object, input: RouteInput<never, never, never>, request: FastifyRequest, reply: FastifyReply) => Promise<object>;
}

export type Runner = (run: RouteRun, request: FastifyRequest, reply: FastifyReply) => Promise<object>;

/** Runs the handler, through {@link withIdempotency} when the route opts in and the request sent a key. */
function idempotently(
  spec: AnyOptions,
  key: string | null,
  tx: TenantTx,
  tenant: RouteTenant,
  actor: RouteActor,
  input: RouteInput<never, never, never>,
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

/** Counts the request against the route's per-address limit, if it has one (429 past it). */
const hitRateLimit = async (db: AppDb, spec: AnyOptions, request: FastifyRequest): Promise<void> => {
  if (spec.rateLimit) await spec.rateLimit.limiter.hitRequest(db, request, spec.rateLimit.scope);
};

/** A session in one tenant transaction of the request's organization (the access checked with its start). */
function inSessionTenant(run: RouteRun, request: FastifyRequest, reply: FastifyReply, extra: object = {}): Promise<object> {
  const { db, spec, handler } = run;
  const access = run.access as TenantAccess;
  return withRequestTenant(db, request, access, (membership, tx) => {
    const input = parseInput<never, never, never>(spec, request, true);
    const key = spec.idempotent ? idempotencyKeyOf(request) : null;
    const tenant = staffTenantOf(membership);
    const actor: StaffActor = { userId: userOf(request).id, ip: request.ip };
    const ctx = { ...contextOf(tx, tenant, actor, spec.scope), ...extra };
    return idempotently(spec, key, tx, tenant, actor, input, () => handler(ctx, input, request, reply));
  });
}

/**
 * Runs `fn` in the tenant transaction of the organization and clinic a public request names (an
 * unknown or inactive organization, or a clinic it does not have, is a 404), as an anonymous actor,
 * once the organization admits the request (`admission.ts`, on the row the clinic lookup read: a
 * disabled entry point, a plan without the route's feature, a write to a read-only organization).
 */
function inPublicTenant(run: RouteRun, request: FastifyRequest, reply: FastifyReply, extra: object = {}): Promise<object> {
  const { db, spec, handler } = run;
  const input = parseInput<never, never, never>(spec, request, true);
  const key = spec.idempotent ? idempotencyKeyOf(request) : null;
  const wanted = publicPlace(request, spec.defaultOrganizationId);
  const actor: PublicActor = { userId: null, ip: request.ip };
  const needs: Admission = publicNeeds(spec.method, spec);
  return withTenant(db, wanted.organizationId, async (tx) => {
    const place = await resolvePublicClinic(tx, wanted.organizationId, wanted.clinicId);
    admitOrganization(place.organization, { kind: 'public', ip: request.ip }, needs);
    const tenant: PublicTenant = { ...organizationTenantOf(place.organization), clinicId: place.clinicId, clinicName: place.clinicName };
    const ctx = { ...contextOf(tx, tenant, actor, spec.scope), ...extra };
    return idempotently(spec, key, tx, tenant, actor, input, () => handler(ctx, input, request, reply));
  });
}

/** `'session'` with `tenant: 'on-demand'`: the access plugin resolved the membership; the handler opens transactions. */
const sessionOnDemand: Runner = async ({ db, spec, handler }, request, reply) => {
  const input = parseInput<never, never, never>(spec, request, true);
  const tenant = staffTenantOf(tenantOf(request));
  const actor: StaffActor = { userId: userOf(request).id, ip: request.ip };
  const ctx: TenantAccountRouteContext = {
    db: accountDbOf(db),
    tenant,
    actor,
    tenantTx: (fn) => withTenant(db, tenant.organizationId, (tx) => fn(contextOf(tx, tenant, actor, spec.scope))),
  };
  return handler(ctx, input, request, reply);
};

/** `'account'`: a signed-in user outside any tenant; the body is parsed as sent (its `organizationId` may be the subject). */
const account: Runner = async ({ db, spec, handler }, request, reply) => {
  const accounts = accountDbOf(db);
  const input = parseInput<never, never, never>(spec, request, false);
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
      return withTenant(db, tenant.organizationId, (tx) => fn(contextOf(tx, tenant, actor, spec.scope)));
    },
    inNewOrganization(fn) {
      const organizationId = newId();
      return withTenant(db, organizationId, (tx) =>
        fn({
          tx,
          organizationId,
          actor,
          audit: (action, entity, details) => recordAudit(tx, auditEntry(organizationId, actor, action, entity, details)),
        }),
      );
    },
    inOrganization: organizationOpener(db, actor),
    selectOrganization: (wanted) =>
      auditingRefusals(db, request, user, wanted, () => selectCurrentOrganization(accounts, user, wanted, request.ip)),
  };
  return handler(ctx, input, request, reply);
};

/** `'public'` with no tenant: the account tables, audited as the account the request turns out to be about. */
const publicAccount: Runner = async ({ db, spec, handler }, request, reply) => {
  await hitRateLimit(db, spec, request);
  const input = parseInput<never, never, never>(spec, request, false);
  const actor: PublicActor = { userId: null, ip: request.ip };
  const ctx: PublicAccountContext = {
    db: accountDbOf(db),
    actor,
    auditAs: accountAuditor(db, request.ip),
    inOrganization: organizationOpener(db, actor),
  };
  return handler(ctx, input, request, reply);
};

/**
 * `'public-or-session'`: a session request (`spec.asStaff`, default: it carries one) runs exactly
 * as `'session'`; any other as `'public'` (its admission included), its handler then deciding what
 * an anonymous caller may do. `ctx.signedIn` tells which.
 */
function publicOrSession(spec: AnyOptions): Runner {
  const staffAccess = checkAccessInHandler({ tenant: true, ...spec.access });
  const asStaff = spec.asStaff ?? ((request: FastifyRequest) => tokenFrom(request) !== null);
  return async (run, request, reply) => {
    await hitRateLimit(run.db, spec, request);
    if (asStaff(request)) return inSessionTenant({ ...run, access: staffAccess }, request, reply, { signedIn: true });
    return inPublicTenant(run, request, reply, { signedIn: false });
  };
}

/** The runner of a route of people's callers (`'api-key'` and `'webhook'` are in `service-callers.ts`). */
export function personRunner(spec: AnyOptions, tenant: TenantMode): Runner | null {
  switch (`${spec.caller} ${tenant}`) {
    case 'session transaction':
      return inSessionTenant;
    case 'session on-demand':
      return sessionOnDemand;
    case 'account none':
      return account;
    case 'public none':
      return publicAccount;
    case 'public transaction':
      return async (run, request, reply) => {
        await hitRateLimit(run.db, spec, request);
        return inPublicTenant(run, request, reply);
      };
    case 'public-or-session transaction':
      return publicOrSession(spec);
    default:
      return null;
  }
}
