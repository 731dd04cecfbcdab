import { verify } from '@node-rs/argon2';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { signInAttempts, users, type UserRow } from '../../db/schema/index.js';
import { activeOrganizationSettings } from './account-organizations.js';
import { accountWithSecrets } from './account-secrets.js';
import { hashToken } from '../../platform/crypto.js';
import { openSecret, sealSecret } from '../../platform/secret-box.js';
import { AppError } from '../../platform/errors.js';
import { countRateLimitRefusal } from '../../platform/ops-counters.js';
import type { AccountDb, AccountRouteContext, PublicAccountContext } from '../../platform/route/index.js';
import { countTokenAttempt, createAccountToken, liveAccountToken, useAccountToken } from './account-tokens.js';
import { countTry } from './sign-in-locks.js';
import { backupCodeHash, matchingStep, newBackupCodes, newTotpSecret, totpOf } from './totp.js';

/** Minutes between a right password and its second step. */
export const MFA_CHALLENGE_MINUTES = 5;

/** The place a user's TOTP secret is sealed for, pending or confirmed (`platform/secret-box.ts`). */
const totpPlace = (userId: string) => `user:${userId}:totp`;

const INVALID_CODE = 'That code is not valid. Enter the current code from your authenticator app, or one of your backup codes.';

/** The answer to a right password of an account with two-factor sign-in: no session yet, a challenge. */
export async function mfaChallenge(db: AccountDb, user: UserRow): Promise<AppError> {
  const { token } = await createAccountToken(db, user.id, 'mfa', MFA_CHALLENGE_MINUTES);
  return new AppError('auth/mfa-required', 'Enter the code from your authenticator app to finish signing in.', undefined, { mfaToken: token });
}

/**
 * Checks a second factor of `user` at `now`: a TOTP code of the window around now that is newer
 * than the last one accepted (a code is good once), or an unused backup code, which is used up.
 * Both are single statements, so two requests with the same code cannot both pass.
 */
export async function verifySecondFactor(db: AccountDb, user: UserRow, code: string, now = Date.now()): Promise<'totp' | 'backup-code' | null> {
  if (!user.mfaSecret) return null;
  const text = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(text)) {
    const step = matchingStep(openSecret(user.mfaSecret, totpPlace(user.id)), text, now);
    if (step === null) return null;
    const taken = await db
      .update(users)
      .set({ mfaLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
      .returning({ id: users.id });
    return taken.length === 1 ? 'totp' : null;
  }
  const hash = backupCodeHash(text);
  const used = await db
    .update(users)
    .set({ mfaBackupCodes: sql`${users.mfaBackupCodes} - ${hash}::text` })
    .where(and(eq(users.id, user.id), sql`jsonb_exists(${users.mfaBackupCodes}, ${hash}::text)`))
    .returning({ id: users.id });
  return used.length === 1 ? 'backup-code' : null;
}

/** Starts enrolment: a new secret, kept pending until a code of it is confirmed. */
export async function startEnrolment(ctx: AccountRouteContext) {
  const { db, user } = ctx;
  if (user.mfaEnabledAt)
    throw new AppError('auth/mfa-already-enabled', 'Two-factor authentication is already on. Turn it off first to set up a new app.');
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({ mfaPendingSecret: sealSecret(secret, totpPlace(user.id)) })
    .where(eq(users.id, user.id));
  const otpauthUrl = totpOf(secret, user.email).toString();
  const qr = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  await ctx.audit('auth.mfa-enrolment-started', { type: 'user', id: user.id });
  return { secret, otpauthUrl, qr };
}

/** Confirms enrolment with a code of the pending secret; gives the backup codes, shown this once. */
export async function confirmEnrolment(ctx: AccountRouteContext, code: string, now = Date.now()): Promise<string[]> {
  const { db } = ctx;
  const user = await accountWithSecrets(db, ctx.user.id);
  if (user.mfaEnabledAt) throw new AppError('auth/mfa-already-enabled', 'Two-factor authentication is already on.');
  if (!user.mfaPendingSecret)
    throw new AppError('auth/mfa-not-enabled', 'Start the set-up first: no authenticator app is waiting for confirmation.');
  const step = matchingStep(openSecret(user.mfaPendingSecret, totpPlace(user.id)), code.replace(/\s/g, ''), now);
  if (step === null) throw new AppError('auth/invalid-code', 'That code is not valid. Enter the current 6-digit code from your authenticator app.');
  const backupCodes = newBackupCodes();
  const enabled = await db
    .update(users)
    .set({
      mfaSecret: user.mfaPendingSecret,
      mfaPendingSecret: null,
      mfaEnabledAt: new Date(now),
      mfaLastStep: step,
      mfaBackupCodes: backupCodes.map(backupCodeHash),
    })
    .where(and(eq(users.id, user.id), isNull(users.mfaEnabledAt), eq(users.mfaPendingSecret, user.mfaPendingSecret)))
    .returning({ id: users.id });
  if (enabled.length !== 1) throw new AppError('auth/mfa-already-enabled', 'Two-factor authentication is already on.');
  await ctx.audit('auth.mfa-enabled', { type: 'user', id: user.id });
  return backupCodes;
}

/** Turns two-factor sign-in off, with the password and a current code (or a backup code). */
export async function disableMfa(ctx: AccountRouteContext, input: { password: string; code: string }, now = Date.now()): Promise<void> {
  const { db } = ctx;
  const user = await accountWithSecrets(db, ctx.user.id);
  if (!user.mfaEnabledAt) throw new AppError('auth/mfa-not-enabled', 'Two-factor authentication is not on.');
  if (!(await verify(user.passwordHash, input.password))) throw new AppError('auth/invalid-code', 'Incorrect password. Please try again.');
  if (!(await verifySecondFactor(db, user, input.code, now))) throw new AppError('auth/invalid-code', INVALID_CODE);
  await clearMfa(db, user.id);
  await ctx.audit('auth.mfa-disabled', { type: 'user', id: user.id });
}

/** Removes a user's second factor (their own choice, or an Admin's reset). */
export async function clearMfa(db: AccountDb, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastStep: null, mfaBackupCodes: [] })
    .where(eq(users.id, userId));
}

/**
 * The second step of a sign-in: the challenge of a right password and a code. Rate limited as
 * passwords are: each wrong code is a failed sign-in of the e-mail and the address, and the
 * challenge itself ends after a few.
 */
export async function completeMfaSignIn(ctx: PublicAccountContext, input: { mfaToken: string; code: string }, now = Date.now()): Promise<UserRow> {
  const { db, actor } = ctx;
  const challenge = await liveAccountToken(db, input.mfaToken, 'mfa', now);
  if (!challenge) throw new AppError('auth/mfa-expired', 'This sign-in has expired. Please sign in again.');
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
  if (!user || user.status !== 'active' || !user.mfaSecret)
    throw new AppError('auth/mfa-expired', 'This sign-in has expired. Please sign in again.');
  // Counted before it is judged, as a password try is (`signIn`).
  const attempt = await countTry(db, user.email, actor.ip);
  if (attempt.refusedBy) {
    countRateLimitRefusal('sign-in-mfa');
    throw new AppError('auth/too-many-requests', 'Too many failed attempts. Please try again later.');
  }
  const factor = await verifySecondFactor(db, user, input.code, now);
  if (!factor) {
    await countTokenAttempt(db, challenge.tokenHash);
    await ctx.auditAs(user, 'auth.sign-in-failed', { type: 'user', id: user.id }, { email: user.email, code: 'auth/invalid-code' });
    throw new AppError('auth/invalid-code', INVALID_CODE);
  }
  if (!(await useAccountToken(db, hashToken(input.mfaToken), now))) {
    throw new AppError('auth/mfa-expired', 'This sign-in has expired. Please sign in again.');
  }
  await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attempt.attemptId));
  const at = new Date(now);
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, user.id));
  await ctx.auditAs(user, 'auth.sign-in', { type: 'user', id: user.id }, { secondFactor: factor });
  return { ...user, lastLoginAt: at };
}

/** Whether one of the user's active organizations requires a second factor. */
export async function mfaRequiredFor(db: AccountDb, userId: string): Promise<boolean> {
  const settings = await activeOrganizationSettings(db, userId);
  return settings.some((s) => (s as { requireTwoFactor?: unknown } | null)?.requireTwoFactor === true);
}

/** The signed-in member's second factor, and whether one of their organizations requires it. */
export function mfaState(user: UserRow, required: boolean) {
  return {
    enabled: Boolean(user.mfaEnabledAt),
    enabledAt: user.mfaEnabledAt?.toISOString() ?? null,
    backupCodesLeft: user.mfaEnabledAt ? user.mfaBackupCodes.length : 0,
    required,
  };
}
