import { featureAllowed, scopesAllow, type ScopedResource } from '@clinic/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { AppDb } from '../db/client.js';
import { apiKeys, organizations, type ApiKeyRow, type OrganizationRow } from '../db/schema/index.js';
import { subscriptionOf } from './access.js';
import { hashToken, newId, newToken } from './crypto.js';
import { AppError } from './errors.js';
import { withTenantTx, type TenantTx } from './tenant-tx.js';

/**
 * API keys (issue 17): `ck_live_<organization id>.<key id>.<32 random bytes, base64url>`. The
 * organization and key ids let a request find the key's row by primary key, inside that
 * organization's tenant transaction (RLS never shows another's); the database keeps only the
 * SHA-256 of the whole secret, which has 256 bits of randomness, so a plain hash is enough.
 */
export const API_KEY_PREFIX = 'ck_live_';
/** last_used_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;
const ID = /^[A-Za-z0-9_-]{1,100}$/;

/** A new key's id, secret, the hash the database keeps and the prefix the list shows. */
export function newApiKeySecret(organizationId: string): { id: string; secret: string; secretHash: string; prefix: string } {
  const id = newId();
  const random = newToken();
  const secret = `${API_KEY_PREFIX}${organizationId}.${id}.${random}`;
  return { id, secret, secretHash: hashToken(secret), prefix: `${API_KEY_PREFIX}${random.slice(0, 6)}` };
}

/** The organization and key a secret names, or null when it is not of the key's form. */
export function parseApiKey(secret: string): { organizationId: string; keyId: string } | null {
  if (!secret.startsWith(API_KEY_PREFIX)) return null;
  const parts = secret.slice(API_KEY_PREFIX.length).split('.');
  if (parts.length !== 3 || !ID.test(parts[0]) || !ID.test(parts[1]) || parts[2].length < 32) return null;
  return { organizationId: parts[0], keyId: parts[1] };
}

/** The API key an `Authorization: Bearer ck_live_…` header carries, or null (a session token, or none). */
export function apiKeyFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.startsWith(API_KEY_PREFIX) ? token : null;
}

const unknownKey = () => new AppError('auth/invalid-api-key', 'The API key is unknown or has been revoked.');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Runs `fn` in the tenant transaction of the organization an API key belongs to, once the key is
 * known, not revoked (else 401), its organization's plan includes API access (else 402) and its
 * scopes cover every resource of `needs` (else 403). Its last_used_at is moved on, at most once a
 * minute, in the same transaction.
 */
export async function withApiKeyTx<T>(
  db: AppDb,
  secret: string,
  needs: readonly ScopedResource[],
  fn: (tx: TenantTx, key: ApiKeyRow, organization: OrganizationRow) => Promise<T>,
): Promise<T> {
  const named = parseApiKey(secret);
  if (!named) throw unknownKey();
  return withTenantTx(db, named.organizationId, async (tx) => {
    const [row] = await tx
      .select({ key: apiKeys, organization: organizations })
      .from(apiKeys)
      .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
      .where(and(eq(apiKeys.organizationId, named.organizationId), eq(apiKeys.id, named.keyId)))
      .limit(1);
    if (!row || row.key.revokedAt || !sameHash(row.key.secretHash, hashToken(secret))) throw unknownKey();
    if (!featureAllowed(subscriptionOf(row.organization), 'apiAccess', false)) {
      throw new AppError('plan/feature-unavailable', "This organization's plan does not include API access.");
    }
    const missing = needs.filter((resource) => !scopesAllow(row.key.scopes, resource));
    if (missing.length > 0) throw new AppError('access/forbidden', `This API key has no scope to read ${missing.join(', ')}.`);
    const now = Date.now();
    if (!row.key.lastUsedAt || now - row.key.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
      await tx
        .update(apiKeys)
        .set({ lastUsedAt: new Date(now) })
        .where(and(eq(apiKeys.organizationId, named.organizationId), eq(apiKeys.id, named.keyId)));
    }
    return fn(tx, row.key, row.organization);
  });
}
