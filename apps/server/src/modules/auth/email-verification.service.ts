import { and, count, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { emailVerifications, users, type SessionUser } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { countRateLimitRefusal } from '../../platform/ops-counters.js';
import type { MailMessage } from '../../platform/mail.js';
import type { AccountDb, PublicAccountContext } from '../../platform/route/index.js';

/** How long a verification link can be used. */
export const VERIFICATION_HOURS = 24;
/** Links one account may be sent per hour (sign-up's included). */
export const MAX_VERIFICATION_MAILS_PER_HOUR = 5;

/** Verification links one address may follow per minute. */
export const VERIFY_LINKS_PER_MINUTE = 20;

const INVALID_LINK = 'This verification link is invalid, has expired or was already used.';

/** Path of the web page that completes a verification link. */
export const verificationPath = (token: string) => `/verify-email?token=${encodeURIComponent(token)}`;

/**
 * Creates a single-use verification link for the user's address and returns the message to mail.
 * Refused once the hourly allowance is used, so the endpoint cannot be used to flood a mailbox.
 */
export async function createVerification(db: AccountDb, user: SessionUser, origin: string): Promise<MailMessage> {
  const since = new Date(Date.now() - 3600_000);
  const [recent] = await db
    .select({ n: count() })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.userId, user.id), gt(emailVerifications.createdAt, since)));
  if ((recent?.n ?? 0) >= MAX_VERIFICATION_MAILS_PER_HOUR) {
    countRateLimitRefusal('verification-mail');
    throw new AppError('request/rate-limited', 'Too many verification e-mails. Please wait an hour and try again.');
  }
  const token = newToken();
  await db.insert(emailVerifications).values({
    tokenHash: hashToken(token),
    userId: user.id,
    email: user.email,
    expiresAt: new Date(Date.now() + VERIFICATION_HOURS * 3600_000),
  });
  return {
    to: user.email,
    subject: 'Confirm your e-mail address',
    text: [
      'Please confirm that this is your e-mail address by opening this link:',
      '',
      `${origin}${verificationPath(token)}`,
      '',
      `The link works once, for ${VERIFICATION_HOURS} hours. If you did not create an account, ignore this message.`,
    ].join('\n'),
  };
}

/**
 * Completes a verification link: marks the address verified if it is still the account's address.
 * Following the same link again (a retry after a lost answer, a second click) answers the same while
 * the link is in date and the address stays verified; an unknown, expired or superseded token is
 * refused with one message, so tokens cannot be probed.
 */
export async function verifyEmail(ctx: PublicAccountContext, token: string): Promise<{ email: string }> {
  const { db } = ctx;
  const now = new Date();
  const tokenHash = hashToken(token);
  // Marking the token used is the first write, so two clicks of one link verify once.
  const [link] = await db
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(and(eq(emailVerifications.tokenHash, tokenHash), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, now)))
    .returning();
  if (!link) return alreadyVerified(db, tokenHash, now);
  const [user] = await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
    .returning();
  if (!user) throw new AppError('auth/invalid-link', INVALID_LINK);
  await ctx.auditAs(user, 'auth.email-verified', { type: 'user', id: user.id });
  return { email: user.email };
}

/** The answer to a link used before: the same success while it is in date and its address verified. */
async function alreadyVerified(db: AccountDb, tokenHash: string, now: Date): Promise<{ email: string }> {
  const [row] = await db
    .select({ email: users.email })
    .from(emailVerifications)
    .innerJoin(users, and(eq(users.id, emailVerifications.userId), eq(users.email, emailVerifications.email)))
    .where(and(eq(emailVerifications.tokenHash, tokenHash), gt(emailVerifications.expiresAt, now), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  if (!row) throw new AppError('auth/invalid-link', INVALID_LINK);
  return { email: row.email };
}
