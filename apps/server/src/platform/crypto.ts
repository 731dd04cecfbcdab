import { createHash, randomBytes } from 'node:crypto';

/** A new random token for a session or invitation (256 bits, URL-safe). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex; what the database keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new record id. */
export const newId = (): string => crypto.randomUUID();
