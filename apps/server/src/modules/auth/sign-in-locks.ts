import type { SignInLockDto } from '@clinic/domain';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rateLimitHits, signInAttempts, users, type UserRow } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { sendIfConfigured, type Mailer } from '../../platform/mail.js';
import type { AccountDb, TenantAccountRouteContext } from '../../platform/route/index.js';
import { tryHit, type SharedLimit } from '../../platform/shared-limit.js';
import { organizationMembershipsQuery } from '../members/index.js';
import { actOnAccount } from './account-wide.js';

/** Failed sign-ins allowed per e-mail in the window before further tries are refused. */
export const MAX_FAILURES_PER_EMAIL = 5;
/** Failed sign-ins allowed per address in the window. */
export const MAX_FAILURES_PER_IP = 30;
/** The rate-limit window. */
export const FAILURE_WINDOW_MS = 15 * 60_000;

/** `rate_limit_hits` scope of an Admin's clearing of an e-mail's lock: failures before it no longer count. */
const CLEARED_SCOPE = 'sign-in-lock-cleared';
/**
 * One "was this you?" notice per e-mail per window. The overall bound keeps the server from being
 * used to mail many people: each lock already costs an address 5 of its 30 failures.
 */
const NOTICE_LIMIT: SharedLimit = { scope: 'sign-in-lock-notice', perKey: 1, overall: 1000, windowMs: FAILURE_WINDOW_MS };

const windowStart = () => new Date(Date.now() - FAILURE_WINDOW_MS);

/**
 * The failed tries that count against their e-mail: those of the window after an Admin last
 * cleared its lock. Spelled out: in a one-table select Drizzle leaves column names unqualified.
 */
function countedAgainstEmail() {
  return and(
    eq(signInAttempts.succeeded, false),
    gt(signInAttempts.at, windowStart()),
    sql`"sign_in_attempts"."at" > coalesce((
      select max(h.at) from rate_limit_hits h where h.scope = ${CLEARED_SCOPE} and h.key = "sign_in_attempts"."email"
    ), '-infinity'::timestamptz)`,
  );
}

/** Failed sign-ins of an e-mail in the window (after any clearing of its lock). */
export async function emailFailures(db: AccountDb, email: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.email, email), countedAgainstEmail()));
  return row?.n ?? 0;
}

/** Failed sign-ins from an address in the window. Admins cannot clear these (see docs/security.md). */
export async function addressFailures(db: AccountDb, ip: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ip, ip), eq(signInAttempts.succeeded, false), gt(signInAttempts.at, windowStart())));
  return row?.n ?? 0;
}

/** A sign-in try, counted before it is judged: its row, the failures it makes, and what refuses it. */
export interface CountedTry {
  attemptId: number;
  /** Failures of the e-mail and of the address in the window, this try included. */
  byEmail: number;
  byIp: number;
  /** The limit the try is over (its row is then removed again), or null. */
  refusedBy: 'email' | 'address' | null;
}

/**
 * Records a try (password or second factor) as a failure before it is judged, so simultaneous
 * tries count one another, then counts the failures. A try over a limit is not a failure of its
 * own: its row is removed, so the window ends 15 minutes after the last real one.
 */
export async function countTry(db: AccountDb, email: string, ip: string): Promise<CountedTry> {
  const [attempt] = await db.insert(signInAttempts).values({ email, ip, succeeded: false }).returning({ id: signInAttempts.id });
  const [byEmail, byIp] = await Promise.all([emailFailures(db, email), addressFailures(db, ip)]);
  const refusedBy = byEmail > MAX_FAILURES_PER_EMAIL ? 'email' : byIp > MAX_FAILURES_PER_IP ? 'address' : null;
  if (refusedBy) await db.delete(signInAttempts).where(eq(signInAttempts.id, attempt.id));
  return { attemptId: attempt.id, byEmail, byIp, refusedBy };
}

/** The counted failures of each of `emails`, oldest first. */
async function failuresOf(db: AccountDb, emails: string[]): Promise<Map<string, Array<{ ip: string; at: Date }>>> {
  const byEmail = new Map<string, Array<{ ip: string; at: Date }>>();
  if (emails.length === 0) return byEmail;
  const rows = await db
    .select({ email: signInAttempts.email, ip: signInAttempts.ip, at: signInAttempts.at })
    .from(signInAttempts)
    .where(and(inArray(signInAttempts.email, emails), countedAgainstEmail()))
    .orderBy(asc(signInAttempts.at));
  for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), { ip: row.ip, at: row.at }]);
  return byEmail;
}

/**
 * When a lock opens by itself: the count drops under the limit once the limit-th most recent
 * failure leaves the window. Null when the failures do not lock.
 */
function lockedUntil(failures: Array<{ at: Date }>): Date | null {
  if (failures.length < MAX_FAILURES_PER_EMAIL) return null;
  const oldestThatLocks = failures[failures.length - MAX_FAILURES_PER_EMAIL];
  return new Date(oldestThatLocks.at.getTime() + FAILURE_WINDOW_MS);
}

const utc = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The "was this you?" message: when and from where, and what the owner can do. */
function lockNotice(user: UserRow, failures: Array<{ ip: string; at: Date }>, signInUrl?: string) {
  const until = lockedUntil(failures) ?? new Date(Date.now() + FAILURE_WINDOW_MS);
  const lines = failures.slice(-10).map((f) => `  ${utc(f.at)} from ${f.ip}`);
  return {
    to: user.email,
    subject: 'Sign-in to your ClinicFlow account was paused',
    text: [
      `Hello${user.firstName ? ` ${user.firstName}` : ''},`,
      '',
      `We paused sign-in to your ClinicFlow account (${user.email}) after ${failures.length} tries with a wrong password:`,
      '',
      ...lines,
      '',
      `Sign-in opens again at about ${utc(until)}. None of these tries got into your account.`,
      '',
      'Was this you? Wait until then and sign in again, or ask an administrator of your organization to clear the lock.',
      '',
      'Was this not you? Someone may be guessing your password. Tell an administrator of your organization, and if you',
      'use this password anywhere else, change it there.',
      ...(signInUrl ? ['', `Sign in: ${signInUrl}`] : []),
    ].join('\n'),
  };
}

/**
 * Mails the owner of a just-locked e-mail, at most once per window (across instances), when mail
 * is configured. A failure to send is logged and does not change the sign-in's answer.
 */
export async function noticeLockedAccount(db: AccountDb, mailer: Mailer, log: FastifyBaseLogger, user: UserRow, signInUrl?: string) {
  if (!mailer.configured) return;
  if (!(await tryHit(db, NOTICE_LIMIT, user.email))) return;
  const failures = (await failuresOf(db, [user.email])).get(user.email) ?? [];
  await sendIfConfigured(mailer, lockNotice(user, failures, signInUrl), log);
}

/** Active members of the tenant's organization: the only e-mails its Admins may see or clear. */
async function memberUsers(ctx: TenantAccountRouteContext, email?: string) {
  const { tenant } = ctx;
  return ctx.tenantTx(({ tx }) => {
    const m = organizationMembershipsQuery(tx, tenant.organizationId).as('m');
    return tx
      .select({ id: users.id, email: users.email })
      .from(m)
      .innerJoin(users, eq(users.id, m.userId))
      .where(and(eq(m.status, 'active'), email ? eq(users.email, email) : undefined));
  });
}

/** Locked e-mails among the organization's members, latest failure first. */
export async function listSignInLocks(ctx: TenantAccountRouteContext): Promise<SignInLockDto[]> {
  const members = await memberUsers(ctx);
  const failures = await failuresOf(
    ctx.db,
    members.map((m) => m.email),
  );
  const locks: SignInLockDto[] = [];
  for (const [email, list] of failures) {
    const until = lockedUntil(list);
    if (!until) continue;
    locks.push({ email, failures: list.length, lastFailureAt: list[list.length - 1].at.toISOString(), lockedUntil: until.toISOString() });
  }
  return locks.sort((a, b) => b.lastFailureAt.localeCompare(a.lastFailureAt));
}

/**
 * Clears the counted failures of a member's e-mail: sign-in opens at once and the next lock mails
 * a new notice. The failures still count against their addresses. Another organization's e-mail,
 * or no account at all, is a 404: an Admin learns nothing about people outside their organization.
 * A member who also belongs to another organization is refused (`account-wide.ts`).
 */
export async function clearSignInLock(ctx: TenantAccountRouteContext, email: string) {
  const { db } = ctx;
  const [member] = await memberUsers(ctx, email);
  if (!member) throw notFound('Member');
  const failures = await emailFailures(db, email);
  if (failures === 0) return { cleared: false };
  // The lock bounds password guessing at the account in all its organizations: one of them may
  // lift it only where it holds the account's only membership.
  const what = {
    kind: 'sign-in-lock',
    audit: 'auth.sign-in-lock-cleared',
    details: { failures, locked: failures >= MAX_FAILURES_PER_EMAIL },
  } as const;
  await actOnAccount(ctx, { userId: member.id, email }, what, () =>
    db.transaction(async (tx) => {
      await tx.insert(rateLimitHits).values({ scope: CLEARED_SCOPE, key: email });
      await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.scope, NOTICE_LIMIT.scope), eq(rateLimitHits.key, email)));
      // Markers older than the window no longer hide anything.
      await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.scope, CLEARED_SCOPE), sql`${rateLimitHits.at} <= ${windowStart()}`));
    }),
  );
  return { cleared: true };
}
