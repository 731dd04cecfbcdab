import { scopesAllow, type ScopedResource } from '@clinic/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { AppDb } from '../db/client.js';
import { apiKeys, organizations, type ApiKeyRow, type OrganizationRow } from '../db/schema/index.js';
import { admitOrganization } from './admission.js';
import { recordAudit } from './audit.js';
import { hashToken, newId, newToken } from './crypto.js';
import { AppError } from './errors.js';
import { withTenant, type TenantTx } from './tenant-tx.js';

/**
 * API keys: `ck_live_<organization id>.<key id>.<32 random bytes, base64url>`. The
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

/** What {@link withApiKeyTx} needs of the request a key came with. */
export interface ApiKeyRequest {
  request: FastifyRequest;
  /**
   * Counts the request against the key's allowance (rejects with the 429): before any other check,
   * so refusals are bounded too, and outside the transaction, whose connection it must not wait on.
   * Given the key's id with a hash of the secret sent, so a wrong secret never spends a key's allowance.
   */
  throttle(keyId: string): Promise<void>;
}

/**
 * Runs `fn` in the tenant transaction of the organization an API key belongs to, once the key is
 * within its allowance (`throttle`, else 429), known and not revoked (else 401), admitted by its
 * organization as any caller is (`admission.ts`: the IP allow-list, 403; API access in the plan,
 * 402) and its scopes cover every resource of `needs` (else 403). Its last_used_at is moved on, at
 * most once a minute, in the same transaction. A known key's refusal is audited in its
 * organization ({@link auditKeyRefusal}).
 */
export async function withApiKeyTx<T>(
  db: AppDb,
  secret: string,
  needs: readonly ScopedResource[],
  { request, throttle }: ApiKeyRequest,
  fn: (tx: TenantTx, key: ApiKeyRow, organization: OrganizationRow) => Promise<T>,
): Promise<T> {
  const named = parseApiKey(secret);
  if (!named) throw unknownKey();
  const sentHash = hashToken(secret);
  await throttle(`${named.keyId}.${sentHash}`);
  let refused: { key: ApiKeyRow; error: AppError } | undefined;
  try {
    return await withTenant(db, named.organizationId, async (tx) => {
      const [row] = await tx
        .select({ key: apiKeys, organization: organizations })
        .from(apiKeys)
        .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
        .where(and(eq(apiKeys.organizationId, named.organizationId), eq(apiKeys.id, named.keyId)))
        .limit(1);
      if (!row || row.key.revokedAt || !sameHash(row.key.secretHash, sentHash)) throw unknownKey();
      try {
        admitOrganization(
          row.organization,
          { kind: 'apiKey', ip: request.ip },
          { write: false, feature: 'apiAccess', featureMessage: "This organization's plan does not include API access." },
        );
        const missing = needs.filter((resource) => !scopesAllow(row.key.scopes, resource));
        if (missing.length > 0) throw new AppError('access/forbidden', `This API key has no scope to read ${missing.join(', ')}.`);
      } catch (err) {
        if (err instanceof AppError) refused = { key: row.key, error: err };
        throw err;
      }
      const now = Date.now();
      if (!row.key.lastUsedAt || now - row.key.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
        await tx
          .update(apiKeys)
          .set({ lastUsedAt: new Date(now) })
          .where(and(eq(apiKeys.organizationId, named.organizationId), eq(apiKeys.id, named.keyId)));
      }
      return fn(tx, row.key, row.organization);
    });
  } finally {
    if (refused) await auditKeyRefusal(db, refused.key, refused.error, request);
  }
}

/**
 * Records a refused use of a known key (`access.refused`, no user, the key as the entity) in the
 * key's organization, as a staff member's refusal is recorded: a key used from outside the IP
 * allow-list may have leaked, and its administrators should see that. It is written after the
 * request's transaction rolled back, in one of its own; a failure to write is logged, the refusal
 * stands either way. Unknown or revoked keys are not recorded: anyone could name any organization
 * in a made-up key.
 */
async function auditKeyRefusal(db: AppDb, key: ApiKeyRow, error: AppError, request: FastifyRequest): Promise<void> {
  try {
    await withTenant(db, key.organizationId, (tx) =>
      recordAudit(tx, {
        organizationId: key.organizationId,
        actorUserId: null,
        action: 'access.refused',
        entityType: 'api-key',
        entityId: key.id,
        ip: request.ip,
        details: {
          apiKeyId: key.id,
          apiKeyName: key.name,
          method: request.method,
          // The query string may carry search terms (patient names): only the path is kept.
          path: request.url.split('?')[0].slice(0, 500),
          code: error.code,
          reason: error.message,
        },
      }),
    );
  } catch (err) {
    request.log.error({ err: (err as Error).message, action: 'access.refused' }, 'refusal not audited');
  }
}
