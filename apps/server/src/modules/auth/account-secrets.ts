import { eq } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { AccountDb } from '../../platform/route/index.js';

/**
 * The signed-in account's whole row, with its secrets (password hash, second factor), read for the
 * check that needs them: `request.user`, read with the session on every request, never holds them.
 */
export async function accountWithSecrets(db: AccountDb, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('auth/required', 'Please sign in to continue.');
  return row;
}
