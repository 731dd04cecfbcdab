import { hash } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessionUserColumns, users, type SessionUser } from '../../db/schema/index.js';
import { newId } from '../../platform/crypto.js';
import type { AccountDb } from '../../platform/route/index.js';

/**
 * Accounts as single sign-on needs them: found by id or e-mail, made on a first sign-in, and their
 * last sign-in recorded. The sso module reaches the `users` table only through these.
 */

/** An account as other modules see it: the `users` row without its secrets. */
export type Account = SessionUser;

/** The account of `id`, without its secrets; null when there is none. */
export async function accountById(db: AccountDb, id: string): Promise<SessionUser | null> {
  const [row] = await db.select(sessionUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The account of `email` (lower case), without its secrets; null when there is none. */
export async function accountByEmail(db: AccountDb, email: string): Promise<SessionUser | null> {
  const [row] = await db.select(sessionUserColumns).from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/**
 * Creates an account for a person an identity provider vouched for: its e-mail verified (the
 * provider said so), and no usable password. The column needs a hash, so it holds the argon2id
 * hash of 32 random bytes nobody keeps: a password sign-in checks against it like any other and
 * always fails, until the person sets a password through a reset link. Null when an account of
 * the e-mail was made meanwhile (the caller treats it as existing).
 */
export async function createFederatedAccount(
  db: AccountDb,
  person: { email: string; firstName: string | null; lastName: string | null },
): Promise<SessionUser | null> {
  const passwordHash = await hash(randomBytes(32).toString('base64url'));
  const now = new Date();
  const [row] = await db
    .insert(users)
    .values({ id: newId(), email: person.email, passwordHash, firstName: person.firstName, lastName: person.lastName, emailVerifiedAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning(sessionUserColumns);
  return row ?? null;
}

/** Records a sign-in that did not use the password (single sign-on), as the password's does. */
export async function recordFederatedSignIn(db: AccountDb, userId: string): Promise<Date> {
  const now = new Date();
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
  return now;
}
