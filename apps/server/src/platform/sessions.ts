import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDb } from '../db/client.js';
import { withTenant } from '../db/tenant.js';
import { memberSettings, organizationMembers, organizations, sessionUserColumns, sessions, users, type SessionUser } from '../db/schema/index.js';
import { hashToken, newToken } from './crypto.js';

/** Name of the httpOnly cookie carrying the session token (listed in the cookie policy). */
export const SESSION_COOKIE = 'session_id';
/** Inactivity timeout when the organization sets none. */
export const DEFAULT_IDLE_MINUTES = 30;
/** A session ends after this long whatever the activity. */
export const ABSOLUTE_SESSION_HOURS = 12;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 30_000;

/** A valid session with its user. */
export interface ActiveSession {
  sessionId: string;
  user: SessionUser;
}

/**
 * Creates a session for `userId` and returns its token (shown to the client once). The user's
 * active memberships are marked active now ({@link markMemberActive}): a session is a key to each.
 */
export async function createSession(db: AppDb, userId: string, request: FastifyRequest): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + ABSOLUTE_SESSION_HOURS * 3600_000),
    ip: request.ip,
    lastSeenIp: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
  });
  const memberships = await db
    .select({ organizationId: organizationMembers.organizationId, id: organizationMembers.id })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.status, 'active')));
  for (const member of memberships) await markMemberActive(db, member.organizationId, member.id, now);
  return token;
}

/**
 * Moves a member's `last_active_at` on to `now` (the team list shows it; the emergency room counts
 * a doctor active today by it): at sign-in, and when a request in the organization moves its
 * session's `last_seen_at` on (at most every 30 s). The organization's own write, in its tenant
 * transaction.
 */
export async function markMemberActive(db: AppDb, organizationId: string, memberId: string, now = Date.now()): Promise<void> {
  await withTenant(db, organizationId, (tx) =>
    tx
      .update(organizationMembers)
      .set({ lastActiveAt: new Date(now) })
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.id, memberId))),
  );
}

/** Reads the token from the cookie or an `Authorization: Bearer` header. */
export function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies?.[SESSION_COOKIE] ?? null;
}

/**
 * The inactivity timeout that applies to a user: the shortest of the organizations they are an
 * active member of, each shortened by the member's own choice there (Settings, Security: it may
 * only shorten the organization's). A session is one key to all of them, and a request may read
 * any of them (`?organizationId=`), so the strictest binds it; without memberships, the default.
 */
const idleMinutesOf = sql<number | null>`(
  select min(least(
           case when ${organizations.settings}->>'sessionTimeoutMinutes' ~ '^[0-9]{1,5}$'
                then (${organizations.settings}->>'sessionTimeoutMinutes')::int end,
           nullif(${memberSettings.sessionTimeoutMinutes}, 0)))
  from ${organizationMembers}
  join ${organizations} on ${organizations.id} = ${organizationMembers.organizationId}
  left join ${memberSettings} on ${memberSettings.organizationId} = ${organizationMembers.organizationId}
                              and ${memberSettings.userId} = ${organizationMembers.userId}
  where ${organizationMembers.userId} = ${users.id} and ${organizationMembers.status} = 'active')`;

/** What a session lookup selects: the session, its user and the inactivity timeout that binds it. */
export const sessionSelection = { session: sessions, user: sessionUserColumns, idleMinutes: idleMinutesOf };

/** A row of {@link sessionSelection}. */
export interface SessionLookup {
  session: typeof sessions.$inferSelect;
  user: SessionUser;
  idleMinutes: number | null;
}

/** The session lookup of a database, built and prepared once (a named statement per connection). */
const lookups = new WeakMap<AppDb, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: AppDb) {
  return db
    .select(sessionSelection)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('platform_session');
}

/**
 * What a looked-up session is at `now`: ended (past the absolute limit, idle longer than the
 * inactivity timeout of the strictest of the user's organizations and own choices, or its account
 * not active),
 * due a touch (its last_seen_at is over 30 s old, so reads stay reads) or fresh.
 */
export function judgeSession(row: SessionLookup, now = Date.now()): 'ended' | 'touch' | 'fresh' {
  const idleMinutes = Number(row.idleMinutes) > 0 ? Number(row.idleMinutes) : DEFAULT_IDLE_MINUTES;
  const idleExpired = row.session.lastSeenAt.getTime() + idleMinutes * 60_000 <= now;
  if (row.session.expiresAt.getTime() <= now || idleExpired || row.user.status !== 'active') return 'ended';
  return now - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS ? 'touch' : 'fresh';
}

/** Moves a session's last_seen_at on to `now`, and its last address to `ip` when known (the sessions list shows it). */
export async function touchSession(db: AppDb, sessionId: string, now = Date.now(), ip?: string): Promise<void> {
  await db
    .update(sessions)
    .set(ip ? { lastSeenAt: new Date(now), lastSeenIp: ip } : { lastSeenAt: new Date(now) })
    .where(eq(sessions.id, sessionId));
}

/**
 * Judges a looked-up session at `now` ({@link judgeSession}): an ended session is deleted; one
 * due a touch has its last_seen_at moved on.
 */
export async function admitSession(db: AppDb, row: SessionLookup, now = Date.now(), ip?: string): Promise<ActiveSession | null> {
  const id = row.session.id;
  const verdict = judgeSession(row, now);
  if (verdict === 'ended') {
    await endSession(db, id);
    return null;
  }
  if (verdict === 'touch') await touchSession(db, id, now, ip);
  return { sessionId: id, user: row.user };
}

/**
 * Resolves a token to its session ({@link admitSession}): one prepared statement, read from the
 * database on every request, so a session ended on any instance ends here too.
 */
export async function resolveSession(db: AppDb, token: string, now = Date.now(), ip?: string): Promise<ActiveSession | null> {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const [row] = await lookup.execute({ id: hashToken(token) });
  return row ? admitSession(db, row, now, ip) : null;
}

/** Ends one session. */
export async function endSession(db: AppDb, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (account disabled, password changed), but `keep` (the session that changed it) when given. */
export async function endUserSessions(db: AppDb, userId: string, keep?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Sets the session cookie on the reply. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: ABSOLUTE_SESSION_HOURS * 3600,
  });
}

/** Removes the session cookie. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
