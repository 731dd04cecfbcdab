import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { accountTokens } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../platform/crypto.js';
import type { AccountDb } from '../../platform/route/index.js';

/** What an account token is for. */
export type AccountTokenPurpose = 'mfa' | 'password-reset';

/** Wrong codes an MFA challenge takes before it ends (the e-mail's sign-in limit counts them too). */
export const MAX_CHALLENGE_ATTEMPTS = 5;

/** Creates a single-use token for `userId`, valid `minutes`; returns the token (only its hash is kept). */
export async function createAccountToken(
  db: AccountDb,
  userId: string,
  purpose: AccountTokenPurpose,
  minutes: number,
  createdBy: string | null = null,
  now = Date.now(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now + minutes * 60_000);
  await db.insert(accountTokens).values({ tokenHash: hashToken(token), userId, purpose, expiresAt, createdBy, createdAt: new Date(now) });
  return { token, expiresAt };
}

/** The live (unused, unexpired, not worn out) token of `purpose`, if `token` is one. */
export async function liveAccountToken(db: AccountDb, token: string, purpose: AccountTokenPurpose, now = Date.now()) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date(now)),
        lt(accountTokens.attempts, MAX_CHALLENGE_ATTEMPTS),
      ),
    )
    .limit(1);
  return row;
}

/** Uses a token up; false when another request used it first (a single-use token is used once). */
export async function useAccountToken(db: AccountDb, tokenHash: string, now = Date.now()): Promise<boolean> {
  const used = await db
    .update(accountTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(accountTokens.tokenHash, tokenHash), isNull(accountTokens.usedAt)))
    .returning({ tokenHash: accountTokens.tokenHash });
  return used.length === 1;
}

/** Counts a wrong code against a challenge. */
export async function countTokenAttempt(db: AccountDb, tokenHash: string): Promise<void> {
  await db
    .update(accountTokens)
    .set({ attempts: sql`${accountTokens.attempts} + 1` })
    .where(eq(accountTokens.tokenHash, tokenHash));
}

/** Ends every unused token of `purpose` for a user (a new reset link replaces the old ones). */
export async function endAccountTokens(db: AccountDb, userId: string, purpose: AccountTokenPurpose, now = Date.now()): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}
