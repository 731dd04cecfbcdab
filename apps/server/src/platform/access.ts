import { checkAccess, completePermissions, type AccessRequirement, type Feature, type Permissions } from '@clinic/domain';
import type { OrganizationToggle } from '@clinic/domain/rules/organization-admission';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb, Database, Tx } from '../db/client.js';
import {
  clinics,
  organizationMembers,
  organizations,
  sessions,
  users,
  tenantOrganizationColumns,
  type SessionUser,
  type TenantOrganization,
} from '../db/schema/index.js';
import { tenantSettings, withTenant, withTenantFrom } from '../db/tenant.js';
import { admitOrganization, isWrite, type Admission } from './admission.js';
import { recordAudit, type AuditEntry } from './audit.js';
import { AppError } from './errors.js';
import { hashToken } from './crypto.js';
import { SessionCache } from './session-cache.js';
import {
  admitSession,
  endSession,
  judgeSession,
  markMemberActive,
  resolveSession,
  sessionSelection,
  tokenFrom,
  touchSession,
  type ActiveSession,
  type SessionLookup,
} from './sessions.js';

/**
 * What a route needs. Every `/api` route (and every FHIR read) declares one:
 * - `public`: anyone (the route enforces its own limits);
 * - `signedIn`: a valid session;
 * - `tenant`: a session plus an active membership of the selected organization, and optionally a
 *   role, a permission flag, a plan feature or an organization setting that must be on; with
 *   `apiKey`, an organization API key may call it instead of a session (the FHIR reads).
 */
export type RouteAccess =
  | { public: true }
  | { signedIn: true }
  | ({
      tenant: true;
      feature?: Feature;
      featureMessage?: string;
      evenReadOnly?: boolean;
      setting?: OrganizationToggle;
      apiKey?: true;
    } & AccessRequirement);

/** The organization, clinic and membership a tenant request acts in. */
export interface TenantContext {
  organizationId: string;
  clinicId: string | null;
  organization: TenantOrganization;
  member: { id: string; role: string; permissions: Permissions; status: string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    tenant: TenantContext | null;
  }
}

/** The form of an organization or clinic id (the domain's `idSchema`). */
const SELECTOR_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The organization and clinic a request selects: query, then body, then header, then the user's current ones. */
export function selectedTenant(request: FastifyRequest): { organizationId?: string; clinicId?: string } {
  const q = (request.query ?? {}) as Record<string, unknown>;
  const b = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  // A selector is an id; any other text (a NUL, a quote) is refused before it reaches a query.
  const str = (v: unknown, path: string) => {
    if (typeof v !== 'string' || v.length === 0) return undefined;
    if (!SELECTOR_ID.test(v)) throw new AppError('validation/invalid', 'Some fields are invalid.', [{ path, message: 'Invalid id' }]);
    return v;
  };
  const header = (name: string, path: string) => str(request.headers[name], path);
  return {
    organizationId:
      str(q.organizationId, 'organizationId') ?? str(b.organizationId, 'organizationId') ?? header('x-organization-id', 'organizationId'),
    clinicId: str(q.clinicId, 'clinicId') ?? str(b.clinicId, 'clinicId') ?? header('x-clinic-id', 'clinicId'),
  };
}

/** The clinic ids of the joined membership's organization, oldest first. */
const clinicIdsOfMembership = sql<
  string[]
>`(select coalesce(array_agg(${clinics.id} order by ${clinics.createdAt}), '{}') from ${clinics} where ${clinics.organizationId} = ${organizationMembers.organizationId})`;

/** What a membership lookup gives: the membership, its organization and the clinic ids. */
interface MembershipLookup {
  member: typeof organizationMembers.$inferSelect;
  organization: TenantOrganization;
  clinicIds: string[];
}

/** The organization a request acts in: the one it names, else the user's current one. */
function wantedOrganization(user: SessionUser, wanted: { organizationId?: string }): string {
  const organizationId = wanted.organizationId ?? user.currentOrganizationId;
  if (!organizationId) throw new AppError('access/not-a-member', 'You are not a member of any organization yet.');
  return organizationId;
}

/**
 * The organization's sign-in rule for a request of its member, from its settings as the lookup
 * read them (no round trip of its own): a member must have a second factor when the organization
 * requires one. The rules every caller meets (the IP allow-list among them) are `admission.ts`'s.
 */
function admitSignInRules(user: SessionUser, organization: TenantOrganization): void {
  const settings = (organization.settings ?? {}) as { requireTwoFactor?: unknown };
  if (settings.requireTwoFactor === true && !user.mfaEnabledAt) {
    throw new AppError(
      'auth/mfa-enrolment-required',
      'Your organization requires two-factor authentication. Set it up under Account security to continue.',
    );
  }
}

/**
 * Judges a membership lookup of `organizationId` and picks the clinic (see {@link resolveTenant}):
 * the membership must be active and the clinic one of its organization's, then the organization
 * must admit the member's request ({@link admitOrganization}: IP allow-list, disabled settings,
 * plan features and read-only state as `needs` asks), then its sign-in rule must hold.
 */
function admitMembership(
  user: SessionUser,
  organizationId: string,
  wanted: { clinicId?: string },
  row: MembershipLookup | undefined,
  ip: string,
  needs: Admission = { write: false },
): TenantContext {
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
  admitOrganization(row.organization, { kind: 'session', ip }, needs);
  admitSignInRules(user, row.organization);
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

/**
 * Loads the caller's membership in `organizationId` (or their current organization) and picks the
 * clinic. The ids only choose among the caller's own memberships: any other is refused.
 */
export async function resolveTenant(
  db: AppDb,
  user: SessionUser,
  wanted: { organizationId?: string; clinicId?: string },
  ip: string,
): Promise<TenantContext> {
  const organizationId = wantedOrganization(user, wanted);
  // One round trip: the membership, its organization and the clinic ids.
  const [row] = await db
    .select({ member: organizationMembers, organization: tenantOrganizationColumns, clinicIds: clinicIdsOfMembership })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, user.id)))
    .limit(1);
  return admitMembership(user, organizationId, wanted, row, ip);
}

/**
 * The session and, in the same statement, the membership of the organization the request names
 * (else the user's current one) with its organization and clinic ids: what every tenant request
 * needs before its transaction, in one round trip. With `settings`, the statement also starts the
 * request's tenant transaction ({@link withTenantRequest}): it sets the membership's organization
 * and the role for the statements after it.
 */
function sessionTenantSelect(handle: AppDb | Tx) {
  return handle
    .select(sessionTenantFields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizationMembers, requestedMembership)
    .leftJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1);
}
/** {@link sessionTenantSelect} as the first statement of the request's transaction. */
function sessionTenantStart(tx: Tx) {
  return tx
    .select({ ...sessionTenantFields, settings: tenantSettings(sql`${organizationMembers.organizationId}`) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizationMembers, requestedMembership)
    .leftJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1);
}
const sessionTenantFields = {
  ...sessionSelection,
  member: organizationMembers,
  organization: tenantOrganizationColumns,
  clinicIds: clinicIdsOfMembership,
};
/** The user's membership of the organization the request names (placeholder `organizationId`), else of their current one. */
const requestedMembership = and(
  eq(organizationMembers.userId, users.id),
  eq(organizationMembers.organizationId, sql`coalesce(${sql.placeholder('organizationId')}::text, ${users.currentOrganizationId})`),
);

/** The session and membership lookup, prepared once per database. */
const sessionTenantLookups = new WeakMap<AppDb, ReturnType<typeof prepareSessionTenantLookup>>();
function prepareSessionTenantLookup(db: AppDb) {
  return sessionTenantSelect(db).prepare('platform_session_tenant');
}

/** The membership part of a session and membership lookup's row, if it found one. */
function membershipOf(row: {
  member: MembershipLookup['member'] | null;
  organization: TenantOrganization | null;
  clinicIds: string[];
}): MembershipLookup | undefined {
  return row.member && row.organization ? { member: row.member, organization: row.organization, clinicIds: row.clinicIds } : undefined;
}

/** A row of the session and membership lookup of a request ({@link sessionTenantStart}). */
type RequestLookup = SessionLookup & Parameters<typeof membershipOf>[0];

/** The request lookups each database's instance remembers ({@link startSessionCache}). */
const sessionCaches = new WeakMap<AppDb, SessionCache<RequestLookup>>();

/**
 * Lets tenant requests on `database` skip their session and membership lookup when this instance
 * read it before and nothing it depends on has changed since ({@link SessionCache}: checked for
 * every request against the database's announcements). Returns what stops it. Nothing is kept on
 * the embedded database.
 */
export async function startSessionCache(database: Database): Promise<() => Promise<void>> {
  const started = await SessionCache.start<RequestLookup>(database);
  if (!started) return async () => {};
  sessionCaches.set(database.db, started.cache);
  return async () => {
    sessionCaches.delete(database.db);
    await started.stop();
  };
}

/** A session and the membership lookup of the tenant it asks for. */
interface SessionAndMembership {
  session: ActiveSession;
  membership: MembershipLookup | undefined;
}

/** {@link resolveSession} and the membership lookup of {@link resolveTenant} in one statement. */
async function resolveSessionAndMembership(
  db: AppDb,
  token: string,
  wanted: { organizationId?: string },
  ip: string,
): Promise<SessionAndMembership | null> {
  let lookup = sessionTenantLookups.get(db);
  if (!lookup) sessionTenantLookups.set(db, (lookup = prepareSessionTenantLookup(db)));
  const [row] = await lookup.execute({ id: hashToken(token), organizationId: wanted.organizationId ?? null });
  if (!row) return null;
  const session = await admitSession(db, row, Date.now(), ip);
  if (!session) return null;
  return { session, membership: membershipOf(row) };
}

/** The access of a route acting in a tenant. */
export type TenantAccess = Extract<RouteAccess, { tenant: true }>;

/**
 * The tenant a signed-in user's request acts in, from the lookup of its membership: the membership
 * must be active, the clinic one of its organization's, the organization must admit the request
 * (`admission.ts`: IP allow-list, the setting, plan feature and read-only state `access` and the
 * method ask for), and the member must have the role and permission flag `access` asks for.
 * Throws the refusal otherwise.
 */
function admitTenantAccess(
  user: SessionUser,
  wanted: { organizationId?: string; clinicId?: string },
  membership: MembershipLookup | undefined,
  access: TenantAccess,
  ip: string,
  method: string,
): TenantContext {
  const needs: Admission = {
    write: isWrite(method),
    feature: access.feature,
    featureMessage: access.featureMessage,
    setting: access.setting,
    evenReadOnly: access.evenReadOnly,
  };
  const admitted = admitMembership(user, wantedOrganization(user, wanted), wanted, membership, ip, needs);
  const refusal = checkAccess(admitted.member, access);
  if (refusal) throw new AppError('access/forbidden', refusalMessage(refusal));
  return admitted;
}

// Modules import these from here; they belong to the admission step.
export { PLAN_FEATURE_MESSAGE, READ_ONLY_MESSAGE, subscriptionOf } from './admission.js';

const signInRequired = () => new AppError('auth/required', 'Please sign in to continue.');

/** The accesses of routes whose handler checks them itself, in its transaction ({@link withTenantRequest}). */
const checkedByHandler = new WeakSet<RouteAccess>();

/**
 * Marks `access` as checked by the route's handler through {@link withTenantRequest} (what
 * `tenantRoute` does), so the access plugin does not check it first. Only for a handler that
 * always runs its work in `withTenantRequest`.
 */
export function checkAccessInHandler(access: TenantAccess): TenantAccess {
  checkedByHandler.add(access);
  return access;
}

/**
 * Runs `fn` in the tenant transaction of a request to a route of `access`, after checking it as
 * the access plugin would: the session (ended, expired or revoked on any instance: 401), the
 * membership of the organization and clinic the request names (else the user's current ones) and
 * `access` (403 or 404, audited in the user's current organization as {@link auditRefusal} says).
 * The session, the membership and the start of the transaction are one statement sent with
 * `BEGIN` (`db/tenant.ts`, {@link withTenantFrom}): a request's transaction costs that round trip,
 * its own queries and `COMMIT`. When this instance read the same lookup before and nothing it
 * depends on changed since ({@link startSessionCache}), the checks are made on that row and the
 * transaction opens with its first statement. Sets `request.user`, `request.sessionId` and
 * `request.tenant`.
 */
export async function withTenantRequest<T>(
  db: AppDb,
  request: FastifyRequest,
  access: TenantAccess,
  fn: (tenant: TenantContext, tx: Tx) => Promise<T>,
): Promise<T> {
  const token = tokenFrom(request);
  if (!token) throw signInRequired();
  const wanted = selectedTenant(request);
  const now = Date.now();
  const id = hashToken(token);
  const cache = sessionCaches.get(db);
  const key = `${id}\n${wanted.organizationId ?? ''}`;
  const kept = cache?.get(key);
  if (kept && judgeSession(kept, now) === 'fresh' && (await cache!.confirm(key, kept))) {
    const admitted = admitKept(kept, wanted, access, request);
    if (admitted) return withTenant(db, admitted.organizationId, (tx) => fn(admitted, tx));
  }
  // Read from the database now: what is kept must not be older than this.
  const version = cache?.version();
  // What waits for the transaction's end (the connection is back in the pool by then).
  let ended: string | undefined;
  let touched: string | undefined;
  let refused: { user: SessionUser; error: AppError } | undefined;
  let tenant: TenantContext | undefined;
  try {
    return await withTenantFrom(
      db,
      {
        name: 'platform_request_tenant',
        build: sessionTenantStart,
        values: { id, organizationId: wanted.organizationId ?? null },
        admit: (row) => {
          if (!row) throw signInRequired();
          const verdict = judgeSession(row, now);
          if (verdict === 'ended') {
            ended = row.session.id;
            throw signInRequired();
          }
          if (verdict === 'touch') touched = row.session.id;
          try {
            tenant = admitRow(row, wanted, access, request);
          } catch (err) {
            if (err instanceof AppError) refused = { user: row.user, error: err };
            throw err;
          }
          if (verdict === 'fresh') cache?.remember(key, row.user.id, row, version!);
          return tenant.organizationId;
        },
      },
      (tx) => fn(tenant!, tx),
    );
  } finally {
    if (ended) await endSession(db, ended);
    if (touched) {
      await touchSession(db, touched, now, request.ip);
      if (tenant) await markMemberActive(db, tenant.organizationId, tenant.member.id, now);
    }
    if (refused) await auditRefusal(db, request, refused.user, wanted, refused.error);
  }
}

/**
 * The tenant of a request admitted on its lookup row ({@link admitTenantAccess}), which throws the
 * refusal. Sets `request.user` and `request.sessionId`, and `request.tenant` when admitted.
 */
function admitRow(
  row: RequestLookup,
  wanted: { organizationId?: string; clinicId?: string },
  access: TenantAccess,
  request: FastifyRequest,
): TenantContext {
  request.user = row.user;
  request.sessionId = row.session.id;
  const tenant = admitTenantAccess(row.user, wanted, membershipOf(row), access, request.ip, request.method);
  request.tenant = tenant;
  return tenant;
}

/**
 * {@link admitRow} on a kept row; undefined when refused, so that the refusal is read again from
 * the database and audited there.
 */
function admitKept(
  row: RequestLookup,
  wanted: { organizationId?: string; clinicId?: string },
  access: TenantAccess,
  request: FastifyRequest,
): TenantContext | undefined {
  try {
    return admitRow(row, wanted, access, request);
  } catch (err) {
    if (err instanceof AppError) return undefined;
    throw err;
  }
}

function refusalMessage(refusal: NonNullable<ReturnType<typeof checkAccess>>): string {
  return refusal.kind === 'role'
    ? `You don't have permission to access this page. Required role: ${refusal.required}`
    : `You don't have permission to access this feature. Required permission: ${refusal.required}`;
}

/** The API's paths: `/api/…` and the FHIR server's `/fhir/…` (origin checks, `no-store`, no SPA fallback). */
export const isApiPath = (path: string): boolean => path.startsWith('/api/') || path.startsWith('/fhir/');

/**
 * Whether a request is for the API (`/api/…` or the FHIR server's `/fhir/…`), judged on the path as routed: an absolute-form request line
 * (`POST http://host/api/...`) reaches the same route while its raw URL does not start with `/api/`.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  if (request.routeOptions.url) return isApiPath(request.routeOptions.url);
  try {
    return isApiPath(new URL(request.url, 'http://x').pathname);
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
      if (isApiPath(route.url) && !route.config?.access) {
        throw new Error(`Route ${route.method} ${route.url} declares no access requirement`);
      }
    });

    app.addHook('onRequest', async (request) => {
      if (!isWrite(request.method) || !isApiRequest(request)) return;
      if (!sameOrigin(request, opts.publicUrl)) throw new AppError('request/origin', 'Cross-origin request refused.');
      const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
      const type = String(request.headers['content-type'] ?? '');
      if (hasBody && !type.toLowerCase().startsWith('application/json')) {
        throw new AppError('request/media-type', 'Requests that change data must send JSON (application/json).');
      }
    });

    app.addHook('preHandler', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access || 'public' in access || checkedByHandler.has(access)) return;
      const token = tokenFrom(request);
      const wanted = 'tenant' in access ? selectedTenant(request) : {};
      // A tenant route reads the session and the membership in one statement.
      const resolved = !token
        ? null
        : 'tenant' in access
          ? await resolveSessionAndMembership(opts.db, token, wanted, request.ip)
          : await resolveSession(opts.db, token, Date.now(), request.ip).then((session) => session && { session, membership: undefined });
      if (!resolved) throw new AppError('auth/required', 'Please sign in to continue.');
      const { session } = resolved;
      request.user = session.user;
      request.sessionId = session.sessionId;
      if (!('tenant' in access)) return;
      request.tenant = await auditingRefusals(opts.db, request, session.user, wanted, async () =>
        admitTenantAccess(session.user, wanted, resolved.membership, access, request.ip, request.method),
      );
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
export function userOf(request: FastifyRequest): SessionUser {
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
  user: SessionUser,
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
  user: SessionUser,
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
