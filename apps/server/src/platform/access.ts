import { checkAccess, completePermissions, hasFeature, type AccessRequirement, type Feature, type Permissions } from '@clinic/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../db/client.js';
import { clinics, organizationMembers, organizations, type OrganizationRow, type UserRow } from '../db/schema/index.js';
import { withTenant } from '../db/tenant.js';
import { recordAudit, type AuditEntry } from './audit.js';
import { AppError } from './errors.js';
import { resolveSession, tokenFrom } from './sessions.js';

/**
 * What a route needs. Every `/api` route declares one:
 * - `public`: anyone (the route enforces its own limits);
 * - `signedIn`: a valid session;
 * - `tenant`: a session plus an active membership of the selected organization, and optionally a
 *   role, a permission flag or a plan feature.
 */
export type RouteAccess =
  { public: true } | { signedIn: true } | ({ tenant: true; feature?: Feature; featureMessage?: string } & AccessRequirement);

/** The organization, clinic and membership a tenant request acts in. */
export interface TenantContext {
  organizationId: string;
  clinicId: string | null;
  organization: OrganizationRow;
  member: { id: string; role: string; permissions: Permissions; status: string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: string | null;
    tenant: TenantContext | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The organization and clinic a request selects: query, then body, then header, then the user's current ones. */
export function selectedTenant(request: FastifyRequest): { organizationId?: string; clinicId?: string } {
  const q = (request.query ?? {}) as Record<string, unknown>;
  const b = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 100 ? v : undefined);
  const header = (name: string) => str(request.headers[name]);
  return {
    organizationId: str(q.organizationId) ?? str(b.organizationId) ?? header('x-organization-id'),
    clinicId: str(q.clinicId) ?? str(b.clinicId) ?? header('x-clinic-id'),
  };
}

/**
 * Loads the caller's membership in `organizationId` (or their current organization) and picks the
 * clinic. The ids only choose among the caller's own memberships: any other is refused.
 */
export async function resolveTenant(db: AppDb, user: UserRow, wanted: { organizationId?: string; clinicId?: string }): Promise<TenantContext> {
  const organizationId = wanted.organizationId ?? user.currentOrganizationId;
  if (!organizationId) throw new AppError('access/not-a-member', 'You are not a member of any organization yet.');
  // One round trip on every tenant request: the membership, its organization and the clinic ids.
  const [row] = await db
    .select({
      member: organizationMembers,
      organization: organizations,
      clinicIds: sql<
        string[]
      >`(select coalesce(array_agg(${clinics.id} order by ${clinics.createdAt}), '{}') from ${clinics} where ${clinics.organizationId} = ${organizationMembers.organizationId})`,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, user.id)))
    .limit(1);
  if (!row) throw new AppError('access/not-a-member', 'You are not a member of this organization.');
  if (row.member.status !== 'active') throw new AppError('access/forbidden', 'Your membership of this organization is not active.');
  const ids = row.clinicIds;
  let clinicId: string | null;
  if (wanted.clinicId) {
    if (!ids.includes(wanted.clinicId)) throw new AppError('access/not-a-member', 'That clinic is not part of this organization.');
    clinicId = wanted.clinicId;
  } else if (user.currentClinicId && organizationId === user.currentOrganizationId && ids.includes(user.currentClinicId)) {
    clinicId = user.currentClinicId;
  } else {
    clinicId = ids[0] ?? null;
  }
  return {
    organizationId,
    clinicId,
    organization: row.organization,
    member: {
      id: row.member.id,
      role: row.member.role,
      permissions: completePermissions(row.member.permissions as Record<string, unknown>),
      status: row.member.status,
    },
  };
}

function refusalMessage(refusal: NonNullable<ReturnType<typeof checkAccess>>): string {
  return refusal.kind === 'role'
    ? `You don't have permission to access this page. Required role: ${refusal.required}`
    : `You don't have permission to access this feature. Required permission: ${refusal.required}`;
}

/**
 * Whether a request is for the API, judged on the path as routed: an absolute-form request line
 * (`POST http://host/api/...`) reaches the same route while its raw URL does not start with `/api/`.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  if (request.routeOptions.url) return request.routeOptions.url.startsWith('/api/');
  try {
    return new URL(request.url, 'http://x').pathname.startsWith('/api/');
  } catch {
    return true; // an unreadable URL gets the checks rather than skipping them
  }
}

function sameOrigin(request: FastifyRequest, publicUrl?: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const host = new URL(origin).host;
    if (publicUrl && new URL(publicUrl).host === host) return true;
    return host === request.headers.host;
  } catch {
    return false;
  }
}

/** Authentication, tenancy and access checks for every `/api` route, from its `access` option. */
export const accessPlugin = fp(
  async (app: FastifyInstance, opts: { db: AppDb; publicUrl?: string }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('tenant', null);

    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/') && !route.config?.access) {
        throw new Error(`Route ${route.method} ${route.url} declares no access requirement`);
      }
    });

    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method) || !isApiRequest(request)) return;
      if (!sameOrigin(request, opts.publicUrl)) throw new AppError('request/origin', 'Cross-origin request refused.');
      const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
      const type = String(request.headers['content-type'] ?? '');
      if (hasBody && !type.toLowerCase().startsWith('application/json')) {
        throw new AppError('request/media-type', 'Requests that change data must send JSON (application/json).');
      }
    });

    app.addHook('preHandler', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access || 'public' in access) return;
      const token = tokenFrom(request);
      const session = token ? await resolveSession(opts.db, token) : null;
      if (!session) throw new AppError('auth/required', 'Please sign in to continue.');
      request.user = session.user;
      request.sessionId = session.sessionId;
      if (!('tenant' in access)) return;
      const wanted = selectedTenant(request);
      const tenant = await auditingRefusals(opts.db, request, session.user, wanted, async () => {
        const resolved = await resolveTenant(opts.db, session.user, wanted);
        const refusal = checkAccess(resolved.member, access);
        if (refusal) throw new AppError('access/forbidden', refusalMessage(refusal));
        return resolved;
      });
      if (access.feature) {
        const sub = {
          planId: tenant.organization.planId,
          status: tenant.organization.subscriptionStatus,
          trialEndsAt: tenant.organization.trialEndsAt,
        };
        if (!hasFeature(sub, access.feature)) {
          throw new AppError(
            'access/plan-feature',
            access.featureMessage ?? 'Your plan does not include this feature. Upgrade your plan to use it.',
          );
        }
      }
      request.tenant = tenant;
    });
  },
  { name: 'access' },
);

/** The tenant context of a request whose route declared `tenant: true`. */
export function tenantOf(request: FastifyRequest): TenantContext {
  if (!request.tenant) throw new Error('tenantOf called on a route without tenant access');
  return request.tenant;
}

/** The signed-in user of a request whose route required a session. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('userOf called on a route without a session');
  return request.user;
}

/** The codes of a refused membership or role: what {@link auditRefusal} records. */
const AUDITED_REFUSALS = new Set(['access/not-a-member', 'access/forbidden']);

/**
 * Records a refused tenant access in the actor's current organization, so that its administrators
 * see it and nothing is ever written into the organization that was targeted:
 * `access.cross-tenant-refused` when the caller asked for an organization or clinic they are no
 * member of, `access.refused` when their own role, flags or membership fell short. With no current
 * organization the row has none. A failure to write is logged; the refusal stands either way.
 */
export async function auditRefusal(
  db: AppDb,
  request: FastifyRequest,
  user: UserRow,
  wanted: { organizationId?: string; clinicId?: string },
  error: AppError,
): Promise<void> {
  if (!AUDITED_REFUSALS.has(error.code)) return;
  const attemptedOrganizationId = wanted.organizationId ?? user.currentOrganizationId;
  if (!attemptedOrganizationId) return; // nothing was asked for: a user with no organization at all
  const entry: AuditEntry = {
    organizationId: user.currentOrganizationId,
    actorUserId: user.id,
    action: error.code === 'access/not-a-member' ? 'access.cross-tenant-refused' : 'access.refused',
    entityType: 'organization',
    entityId: attemptedOrganizationId,
    ip: request.ip,
    details: {
      attemptedOrganizationId,
      attemptedClinicId: wanted.clinicId ?? null,
      method: request.method,
      // The query string may carry search terms (patient names): only the path is kept.
      path: request.url.split('?')[0].slice(0, 500),
      code: error.code,
      reason: error.message,
    },
  };
  try {
    if (entry.organizationId) await withTenant(db, entry.organizationId, (tx) => recordAudit(tx, entry));
    else await recordAudit(db, entry);
  } catch (err) {
    request.log.error({ err: (err as Error).message, action: entry.action }, 'refusal not audited');
  }
}

/** Runs `fn`; a membership or role refusal it throws is audited ({@link auditRefusal}) and thrown on. */
export async function auditingRefusals<T>(
  db: AppDb,
  request: FastifyRequest,
  user: UserRow,
  wanted: { organizationId?: string; clinicId?: string },
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) await auditRefusal(db, request, user, wanted, err);
    throw err;
  }
}
