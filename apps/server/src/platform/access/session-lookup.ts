import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppDb, Database, Tx } from '../../db/client.js';
import { organizationMembers, organizations, sessions, tenantOrganizationColumns, users, type TenantOrganization } from '../../db/schema/index.js';
import { tenantSettings } from '../../db/tenant.js';
import { hashToken } from '../crypto.js';
import { SessionCache } from '../session-cache.js';
import { admitSession, sessionSelection, type ActiveSession, type SessionLookup } from '../sessions.js';
import { clinicIdsOfMembership, type MembershipLookup } from './tenant-membership.js';
import type { WantedTenant } from './types.js';

/** The user's membership of the organization the request names (placeholder `organizationId`), else of their current one. */
const requestedMembership = and(
  eq(organizationMembers.userId, users.id),
  eq(organizationMembers.organizationId, sql`coalesce(${sql.placeholder('organizationId')}::text, ${users.currentOrganizationId})`),
);

/** What the session and membership lookup reads: the session with its user, the membership, its organization and clinic ids. */
const sessionTenantFields = {
  ...sessionSelection,
  member: organizationMembers,
  organization: tenantOrganizationColumns,
  clinicIds: clinicIdsOfMembership,
};

/**
 * The session (placeholder `id`) and, in the same statement, the membership of the organization
 * the request names (else the user's current one) with its organization and clinic ids: what every
 * tenant request needs before its transaction, in one round trip. Its `settings.organization` is
 * `organization`: the setting that makes it the start of the request's tenant transaction
 * ({@link requestTenantLookup}), or a plain null where the lookup runs on its own (the access
 * plugin's).
 */
function sessionTenantQuery(handle: AppDb | Tx, organization: SQL<string | null>) {
  return handle
    .select({ ...sessionTenantFields, settings: { organization } })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizationMembers, requestedMembership)
    .leftJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1);
}

/**
 * The session and membership lookup as the first statement of the request's tenant transaction
 * (`withLookedUpTenant`): it also sets the membership's organization for the statements after it.
 */
export function requestTenantLookup(tx: Tx) {
  return sessionTenantQuery(tx, tenantSettings(sql`${organizationMembers.organizationId}`).organization);
}

/** The session and membership lookup, prepared once per database. */
const sessionTenantLookups = new WeakMap<AppDb, ReturnType<typeof prepareSessionTenantLookup>>();
function prepareSessionTenantLookup(db: AppDb) {
  return sessionTenantQuery(db, sql<null>`null`).prepare('platform_session_tenant');
}

/** The membership part of a session and membership lookup's row, if it found one. */
export function membershipOf(row: {
  member: MembershipLookup['member'] | null;
  organization: TenantOrganization | null;
  clinicIds: string[];
}): MembershipLookup | undefined {
  return row.member && row.organization ? { member: row.member, organization: row.organization, clinicIds: row.clinicIds } : undefined;
}

/** A row of the session and membership lookup of a request ({@link requestTenantLookup}). */
export type RequestLookup = SessionLookup & Parameters<typeof membershipOf>[0];

/** The request lookups each database's instance remembers ({@link startSessionCache}). */
const sessionCaches = new WeakMap<AppDb, SessionCache<RequestLookup>>();

/** The lookups this instance remembers for `db`, when {@link startSessionCache} started it. */
export const sessionCacheOf = (db: AppDb): SessionCache<RequestLookup> | undefined => sessionCaches.get(db);

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
export interface SessionAndMembership {
  session: ActiveSession;
  membership: MembershipLookup | undefined;
}

/** `resolveSession` and the membership lookup of `resolveTenant` in one statement. */
export async function resolveSessionAndMembership(
  db: AppDb,
  token: string,
  wanted: WantedTenant,
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
