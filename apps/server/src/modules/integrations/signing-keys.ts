import type { EpicSigningKey, IntegrationId } from '@clinic/domain';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { integrationSigningKeys } from '../../db/schema/index.js';
import type { TenantRouteContext, TenantTx } from '../../platform/route/index.js';
import { openSecret, sealSecret } from '../../platform/secret-box.js';

/**
 * The key pairs an organization signs its SMART Backend Services assertions with. Each is made
 * with jose (ECDSA P-384, `ES384`), its private half sealed by the secret box, its public half
 * published in the organization's JWKS (`GET /api/integrations/epic/jwks.json`). Only the newest
 * unretired key signs; a rotated one stays published for {@link RETIRED_KEY_PUBLISHED_MS}.
 */

/** The algorithm of every key made here: ECDSA with P-384 and SHA-384, which Epic accepts (as it does RS384). */
export const SIGNING_ALGORITHM = 'ES384';
/**
 * How long a rotated key stays in the JWKS after its retirement: one hour, the longest an access
 * token obtained with it is used (Epic's tokens live an hour, and the token cache never keeps one
 * longer), and longer than any assertion it signed (five minutes).
 */
export const RETIRED_KEY_PUBLISHED_MS = 60 * 60_000;
/** Keys the settings screen lists at most (the newest). */
const KEYS_LISTED = 10;

/** A key that signs: its id, algorithm and private half (opened from the secret box). */
export interface SigningKey {
  kid: string;
  algorithm: string;
  privateKey: CryptoKey;
}

/** The public key of a JWKS entry. */
export interface PublishedKey {
  kty: string;
  crv: string;
  x: string;
  y: string;
  kid: string;
  alg: string;
  use: 'sig';
}

type KeyWriter = Pick<TenantRouteContext, 'tx' | 'tenant' | 'actor' | 'audit'>;

/** The place a private key is sealed for: a sealed key copied onto another row does not open there. */
const keyPlace = (organizationId: string, kid: string) => `organization:${organizationId}:signing-key:${kid}`;

/** Key changes of one organization run one after the other (two first uses make one key, not two). */
const lockKeys = (tx: TenantTx, organizationId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`signing-keys:${organizationId}`}, 0))`);

const keysOf = (organizationId: string, integration: IntegrationId) =>
  and(eq(integrationSigningKeys.organizationId, organizationId), eq(integrationSigningKeys.integration, integration));

/** Makes and stores a new key pair; its id is the public key's RFC 7638 thumbprint. */
async function insertKey({ tx, tenant, actor }: KeyWriter, integration: IntegrationId): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const { kty, crv, x, y } = await exportJWK(publicKey);
  const publicJwk = { kty, crv, x, y };
  const kid = await calculateJwkThumbprint(publicJwk as JWK, 'sha256');
  const sealed = sealSecret(JSON.stringify(await exportJWK(privateKey)), keyPlace(tenant.organizationId, kid));
  await tx.insert(integrationSigningKeys).values({
    organizationId: tenant.organizationId,
    kid,
    integration,
    algorithm: SIGNING_ALGORITHM,
    publicJwk,
    privateKey: sealed,
    createdBy: actor.userId,
  });
  return kid;
}

/** The organization's signing key for the integration, made (and audited) when it has none yet. */
export async function ensureSigningKey(ctx: KeyWriter, integration: IntegrationId = 'epic'): Promise<void> {
  await lockKeys(ctx.tx, ctx.tenant.organizationId);
  const [current] = await ctx.tx
    .select({ kid: integrationSigningKeys.kid })
    .from(integrationSigningKeys)
    .where(and(keysOf(ctx.tenant.organizationId, integration), isNull(integrationSigningKeys.retiredAt)))
    .limit(1);
  if (current) return;
  const kid = await insertKey(ctx, integration);
  await ctx.audit('organization.integration-key-created', { type: 'organization', id: ctx.tenant.organizationId }, { integration, kid });
}

/**
 * Rotate key: retires every signing key of the integration (each stays published for
 * {@link RETIRED_KEY_PUBLISHED_MS}) and makes the one that signs from now on. Audited.
 */
export async function rotateSigningKey(ctx: KeyWriter, integration: IntegrationId = 'epic', now = new Date()): Promise<void> {
  await lockKeys(ctx.tx, ctx.tenant.organizationId);
  const retired = await ctx.tx
    .update(integrationSigningKeys)
    .set({ retiredAt: now })
    .where(and(keysOf(ctx.tenant.organizationId, integration), isNull(integrationSigningKeys.retiredAt)))
    .returning({ kid: integrationSigningKeys.kid });
  const kid = await insertKey(ctx, integration);
  await ctx.audit(
    'organization.integration-key-rotated',
    { type: 'organization', id: ctx.tenant.organizationId },
    { integration, kid, retired: retired.map((r) => r.kid) },
  );
}

/** The key that signs: the newest unretired one, its private half opened; null when there is none yet. */
export async function currentSigningKey(tx: TenantTx, organizationId: string, integration: IntegrationId = 'epic'): Promise<SigningKey | null> {
  const [row] = await tx
    .select({ kid: integrationSigningKeys.kid, algorithm: integrationSigningKeys.algorithm, privateKey: integrationSigningKeys.privateKey })
    .from(integrationSigningKeys)
    .where(and(keysOf(organizationId, integration), isNull(integrationSigningKeys.retiredAt)))
    .orderBy(desc(integrationSigningKeys.createdAt))
    .limit(1);
  if (!row) return null;
  const jwk = JSON.parse(openSecret(row.privateKey, keyPlace(organizationId, row.kid))) as JWK;
  return { kid: row.kid, algorithm: row.algorithm, privateKey: (await importJWK(jwk, row.algorithm)) as CryptoKey };
}

/** Keys still published at `now`: unretired, or retired less than {@link RETIRED_KEY_PUBLISHED_MS} ago. */
const published = (now: Date) =>
  or(isNull(integrationSigningKeys.retiredAt), gt(integrationSigningKeys.retiredAt, new Date(now.getTime() - RETIRED_KEY_PUBLISHED_MS)));

/** The organization's JWKS: the public halves of its published keys, newest first, each with `kid`, `alg` and `use: 'sig'`. */
export async function publishedKeys(
  tx: TenantTx,
  organizationId: string,
  integration: IntegrationId = 'epic',
  now = new Date(),
): Promise<PublishedKey[]> {
  const rows = await tx
    .select({ kid: integrationSigningKeys.kid, algorithm: integrationSigningKeys.algorithm, publicJwk: integrationSigningKeys.publicJwk })
    .from(integrationSigningKeys)
    .where(and(keysOf(organizationId, integration), published(now)))
    .orderBy(desc(integrationSigningKeys.createdAt));
  return rows.map((r) => {
    const { kty, crv, x, y } = r.publicJwk as Record<string, string>;
    return { kty, crv, x, y, kid: r.kid, alg: r.algorithm, use: 'sig' };
  });
}

/** The organization's newest keys as the settings screen lists them (never a private half). */
export async function signingKeysOf(tx: TenantTx, organizationId: string, integration: IntegrationId = 'epic'): Promise<EpicSigningKey[]> {
  const rows = await tx
    .select({
      kid: integrationSigningKeys.kid,
      algorithm: integrationSigningKeys.algorithm,
      createdAt: integrationSigningKeys.createdAt,
      retiredAt: integrationSigningKeys.retiredAt,
    })
    .from(integrationSigningKeys)
    .where(keysOf(organizationId, integration))
    .orderBy(desc(integrationSigningKeys.createdAt))
    .limit(KEYS_LISTED);
  return rows.map((r) => ({
    kid: r.kid,
    algorithm: r.algorithm,
    createdAt: r.createdAt.toISOString(),
    retiredAt: r.retiredAt?.toISOString() ?? null,
    publishedUntil: r.retiredAt ? new Date(r.retiredAt.getTime() + RETIRED_KEY_PUBLISHED_MS).toISOString() : null,
  }));
}
