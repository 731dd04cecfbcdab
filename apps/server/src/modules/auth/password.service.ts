import { AUTH_MESSAGES } from '@clinic/domain';
import { RESET_LINK_MINUTES } from '@clinic/domain/contracts/account-security';
import { passwordPolicySchema } from '@clinic/domain/contracts/organizations';
import { newPasswordProblem } from '@clinic/domain/rules/password';
import { passwordPolicyProblems, strictestPolicy, type PasswordPolicy } from '@clinic/domain/rules/password-policy';
import { hash, verify } from '@node-rs/argon2';
import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { accountTokens, users, type SessionUser } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { sendIfConfigured, type Mailer } from '../../platform/mail.js';
import type { AccountDb, AccountRouteContext, PublicAccountContext } from '../../platform/route/index.js';
import { endUserSessions } from '../../platform/sessions.js';
import { liveInvitationQuery } from '../members/index.js';
import { organizationsQuery } from '../organizations/index.js';
import { activeOrganizationSettings } from './account-organizations.js';
import { accountWithSecrets } from './account-secrets.js';
import { createAccountToken, endAccountTokens, liveAccountToken, useAccountToken } from './account-tokens.js';

/** Reset links one account may be mailed per hour, so the form cannot flood a mailbox. */
export const RESET_MAILS_PER_HOUR = 3;

/** The password policy stored in an organization's settings, else the default. */
export function policyOfSettings(settings: unknown): PasswordPolicy {
  const parsed = passwordPolicySchema.safeParse((settings as { passwordPolicy?: unknown } | null)?.passwordPolicy ?? {});
  return parsed.success ? parsed.data : passwordPolicySchema.parse({});
}

/** The policy that binds a user: the strictest of their active organizations' ({@link strictestPolicy}). */
export async function policyForUser(db: AccountDb, userId: string): Promise<PasswordPolicy> {
  return strictestPolicy((await activeOrganizationSettings(db, userId)).map(policyOfSettings));
}

/** The policy of the organization an invitation token joins, if the token is a live invitation. */
export async function policyOfInvitation(db: AccountDb, token: string): Promise<PasswordPolicy | null> {
  const invitation = liveInvitationQuery(db, token, new Date()).as('i');
  const o = organizationsQuery(db).as('o');
  const [row] = await db.select({ settings: o.settings }).from(invitation).innerJoin(o, eq(o.id, invitation.organizationId)).limit(1);
  return row ? policyOfSettings(row.settings) : null;
}

/** Refuses a new password that the sign-up rule or `policy` refuses, naming every shortfall. */
export function assertPasswordAllowed(password: string, policy: PasswordPolicy, field = 'newPassword'): void {
  const base = newPasswordProblem(password);
  if (base && base !== 'auth/weak-password') throw new AppError(base, AUTH_MESSAGES[base], [{ path: field, message: AUTH_MESSAGES[base] }]);
  const problems = passwordPolicyProblems(password, policy);
  if (base === 'auth/weak-password' && problems.length === 0) throw new AppError(base, AUTH_MESSAGES[base]);
  if (problems.length > 0) {
    throw new AppError(
      'auth/password-policy',
      `The password does not meet your organization's password policy. ${problems.join(' ')}`,
      problems.map((message) => ({ path: field, message })),
    );
  }
}

/** Stores a new password for a user (argon2id) and ends their sessions but `keep`; returns how many ended. */
async function setPassword(db: AccountDb, userId: string, password: string, keep?: string): Promise<number> {
  const passwordHash = await hash(password);
  await db.update(users).set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
  await endAccountTokens(db, userId, 'password-reset');
  return endUserSessions(db, userId, keep);
}

/** Changes the signed-in member's password: the current one, then the policy; their other sessions end. */
export async function changePassword(ctx: AccountRouteContext, input: { currentPassword: string; newPassword: string }) {
  const { db } = ctx;
  const user = await accountWithSecrets(db, ctx.user.id);
  if (!(await verify(user.passwordHash, input.currentPassword))) {
    throw new AppError('auth/wrong-current-password', 'Your current password is incorrect.', [
      { path: 'currentPassword', message: 'Your current password is incorrect.' },
    ]);
  }
  assertPasswordAllowed(input.newPassword, await policyForUser(db, user.id));
  const sessionsEnded = await setPassword(db, user.id, input.newPassword, ctx.sessionId);
  await ctx.audit('auth.password-changed', { type: 'user', id: user.id }, { sessionsEnded });
  return { sessionsEnded };
}

/** Reset links made for an account in the last hour (mailed or shown to an Admin). */
export async function resetLinksLastHour(db: AccountDb, userId: string): Promise<number> {
  const [recent] = await db
    .select({ n: count() })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'password-reset'),
        gt(accountTokens.createdAt, new Date(Date.now() - 3600_000)),
      ),
    );
  return recent?.n ?? 0;
}

/** The path of the page that completes a reset link. */
export const resetPath = (token: string) => `/login?reset=${encodeURIComponent(token)}`;

function resetMessage(user: SessionUser, url: string) {
  return {
    to: user.email,
    subject: 'Reset your password',
    text: [
      'Someone asked to reset the password of your account. If it was you, open this link to choose a new password:',
      '',
      url,
      '',
      `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this message: your password stays as it is.`,
    ].join('\n'),
  };
}

/**
 * "Forgot password?": when mail is configured and the e-mail has an active account, a single-use
 * link valid 30 minutes is mailed. The answer is the same whatever the e-mail, and the mail is
 * sent after the answer, so neither its words nor its timing say whether an account exists.
 */
export async function requestPasswordReset(
  ctx: PublicAccountContext,
  email: string,
  mail: { mailer: Mailer; origin: string | null; log: FastifyBaseLogger },
): Promise<void> {
  const { db } = ctx;
  if (!mail.mailer.configured || !mail.origin) return;
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (!user || user.status !== 'active') return;
  if ((await resetLinksLastHour(db, user.id)) >= RESET_MAILS_PER_HOUR) return;
  await endAccountTokens(db, user.id, 'password-reset');
  const { token } = await createAccountToken(db, user.id, 'password-reset', RESET_LINK_MINUTES);
  await ctx.auditAs(user, 'auth.password-reset-requested', { type: 'user', id: user.id });
  void sendIfConfigured(mail.mailer, resetMessage(user, `${mail.origin}${resetPath(token)}`), mail.log);
}

/** Completes a reset link: once, within 30 minutes, under the policy; every session of the account ends. */
export async function resetPassword(ctx: PublicAccountContext, input: { token: string; newPassword: string }) {
  const { db } = ctx;
  const invalid = () => new AppError('auth/invalid-link', 'This reset link is invalid, has expired or was already used.');
  const link = await liveAccountToken(db, input.token, 'password-reset');
  if (!link) throw invalid();
  const [user] = await db.select().from(users).where(eq(users.id, link.userId)).limit(1);
  if (!user || user.status !== 'active') throw invalid();
  assertPasswordAllowed(input.newPassword, await policyForUser(db, user.id));
  if (!(await useAccountToken(db, link.tokenHash))) throw invalid();
  const sessionsEnded = await setPassword(db, user.id, input.newPassword);
  await ctx.auditAs(user, 'auth.password-reset', { type: 'user', id: user.id }, { sessionsEnded, byAdmin: link.createdBy !== null });
  return { email: user.email };
}
