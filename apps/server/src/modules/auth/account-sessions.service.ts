import type { SessionDto } from '@clinic/domain/contracts/account-security';
import { and, desc, eq, gt } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { AccountRouteContext } from '../../platform/route/index.js';
import { endUserSessions } from '../../platform/sessions.js';

/** The signed-in member's live sessions, the latest used first: device, address, last seen. */
export async function listOwnSessions(ctx: AccountRouteContext): Promise<SessionDto[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, ctx.user.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((s) => ({
    id: s.publicId,
    device: s.userAgent || 'Unknown device',
    address: s.lastSeenIp ?? s.ip,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    current: s.id === ctx.sessionId,
  }));
}

/** Signs one of the member's own sessions out; another person's, or none, is a 404. */
export async function endOwnSession(ctx: AccountRouteContext, publicId: string): Promise<{ current: boolean }> {
  const [ended] = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.userId, ctx.user.id), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  if (!ended) throw notFound('Session');
  await ctx.audit('auth.session-ended', { type: 'user', id: ctx.user.id }, { current: ended.id === ctx.sessionId });
  return { current: ended.id === ctx.sessionId };
}

/** Signs every other session of the member out, keeping this one. */
export async function endOtherSessions(ctx: AccountRouteContext): Promise<number> {
  const ended = await endUserSessions(ctx.db, ctx.user.id, ctx.sessionId);
  await ctx.audit('auth.other-sessions-ended', { type: 'user', id: ctx.user.id }, { sessionsEnded: ended });
  return ended;
}
