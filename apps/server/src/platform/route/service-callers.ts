import { eq } from 'drizzle-orm';
import { organizations } from '../../db/schema/index.js';
import { accountDbOf } from '../account-db.js';
import { tenantOf, userOf, type TenantAccess } from '../access.js';
import { apiKeyFrom, withApiKeyTx } from '../api-keys.js';
import { recordAudit } from '../audit.js';
import { AppError } from '../errors.js';
import { withRequestTenant } from '../access.js';
import { withTenant } from '../tenant-tx.js';
import { auditEntry, contextOf, organizationTenantOf, staffTenantOf } from './build-context.js';
import type { FhirActor, FhirRouteContext, PublicActor, PublicStreamContext, SessionStreamContext, StaffActor, WebhookContext } from './context.js';
import { parseInput } from './input.js';
import type { AnyOptions } from './options.js';
import type { Runner } from './callers.js';

/**
 * `'api-key'` (the FHIR server, `/fhir/R4`): a staff session (cookie or bearer session token,
 * checked as `'session'` is against `access`) or an organization's API key (`Authorization: Bearer
 * ck_live_…`, `platform/api-keys.ts`: 401 unknown or revoked, rate limited per key, admitted by
 * the organization as a session is (`admission.ts`), 403 without a scope for each of
 * `resources`). Either way the handler runs in one tenant transaction of the organization under
 * the same RLS, with the organization as its scope; its audit rows say `via: 'fhir'` and carry the
 * key when one acts.
 */
export function apiKeyRunner(spec: AnyOptions): Runner {
  const resources = spec.resources ?? [];
  const limit = spec.rateLimit;
  return async ({ db, access, handler }, request, reply) => {
    const throttle = async (keyId: string) => {
      if (limit) await limit.limiter.hit(db, `${limit.scope}:${keyId}`, limit.scope);
    };
    const key = apiKeyFrom(request);
    if (key) {
      return withApiKeyTx(db, key, resources, { request, throttle }, (tx, row, organization) => {
        const tenant = organizationTenantOf(organization);
        const actor: FhirActor = { userId: null, apiKeyId: row.id, ip: request.ip };
        const details = { via: 'fhir', apiKeyId: row.id, apiKeyName: row.name };
        const ctx: FhirRouteContext = {
          ...contextOf(tx, tenant, actor, 'organization'),
          audit: (action, entity, more) => recordAudit(tx, auditEntry(tenant.organizationId, actor, action, entity, { ...more, ...details })),
        };
        return handler(ctx, parseInput(spec, request, false), request, reply);
      });
    }
    return withRequestTenant(db, request, access as TenantAccess, (membership, tx) => {
      const tenant = staffTenantOf(membership);
      const actor: StaffActor = { userId: userOf(request).id, ip: request.ip };
      const ctx: FhirRouteContext = {
        ...contextOf(tx, tenant, actor, 'organization'),
        audit: (action, entity, more) => recordAudit(tx, auditEntry(tenant.organizationId, actor, action, entity, { ...more, via: 'fhir' })),
      };
      return handler(ctx, parseInput(spec, request, false), request, reply);
    });
  };
}

/**
 * `'webhook'` (a payment provider, `POST`, public): the handler gets the raw body as text to verify
 * its signature before anything is parsed, and acts in the organization the verified event names.
 */
export const webhookRunner =
  (spec: AnyOptions): Runner =>
  async ({ db, handler }, request, reply) => {
    if (spec.rateLimit) await spec.rateLimit.limiter.hitRequest(db, request, spec.rateLimit.scope);
    const actor: PublicActor = { userId: null, ip: request.ip };
    const ctx: WebhookContext = {
      db: accountDbOf(db),
      actor,
      inOrganization: (organizationId, fn) =>
        withTenant(db, organizationId, async (tx) => {
          const [organization] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
          if (!organization) throw new AppError('not-found', 'Organization not found');
          return fn(contextOf(tx, organizationTenantOf(organization), actor, 'organization'));
        }),
    };
    const { params, query } = parseInput({ params: spec.params, query: spec.query }, request, false);
    return handler(ctx, { params, query, body: typeof request.body === 'string' ? request.body : '' } as never, request, reply);
  };

/**
 * `stream: true`: a `GET` answered with a stream the handler takes over (`reply.hijack()`). The
 * access plugin checks the access (a session's membership is on the request); no transaction is
 * open, so the handler reaches the database only through platform functions that end their own
 * (`platform/event-stream.ts`).
 */
export const streamRunner =
  (spec: AnyOptions): Runner =>
  async ({ db, handler }, request, reply) => {
    if (spec.rateLimit) await spec.rateLimit.limiter.hitRequest(db, request, spec.rateLimit.scope);
    const input = parseInput({ query: spec.query }, request, false);
    const ctx: SessionStreamContext | PublicStreamContext =
      spec.caller === 'session'
        ? { tenant: staffTenantOf(tenantOf(request)), actor: { userId: userOf(request).id, ip: request.ip } }
        : { actor: { userId: null, ip: request.ip } };
    await handler(ctx, input, request, reply);
    return reply;
  };
