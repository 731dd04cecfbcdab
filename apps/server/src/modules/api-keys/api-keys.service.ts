import type { ApiKeyDto, CreateApiKeyBody } from '@clinic/domain';
import { and, desc, eq } from 'drizzle-orm';
import { apiKeys, type ApiKeyRow } from '../../db/schema/index.js';
import { newApiKeySecret } from '../../platform/api-keys.js';
import { notFound } from '../../platform/errors.js';
import type { TenantRouteContext } from '../../platform/route/index.js';

/** A key as the list shows it: never its hash. */
export function toApiKeyDto(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    prefix: row.prefix,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedBy,
  };
}

/** Creates a key; its secret is returned this once and only its hash is kept. Audited without the secret. */
export async function createApiKey(ctx: TenantRouteContext, body: CreateApiKeyBody): Promise<{ key: ApiKeyDto; secret: string }> {
  const { tx, tenant, actor } = ctx;
  const made = newApiKeySecret(tenant.organizationId);
  const [row] = await tx
    .insert(apiKeys)
    .values({
      organizationId: tenant.organizationId,
      id: made.id,
      name: body.name,
      scopes: body.scopes,
      secretHash: made.secretHash,
      prefix: made.prefix,
      createdBy: actor.userId,
    })
    .returning();
  await ctx.audit('api-key.created', { type: 'api-key', id: made.id }, { name: body.name, scopes: body.scopes });
  return { key: toApiKeyDto(row), secret: made.secret };
}

/** Every key of the organization, newest first, revoked ones included. */
export async function listApiKeys(ctx: TenantRouteContext): Promise<ApiKeyDto[]> {
  const rows = await ctx.tx.select().from(apiKeys).where(eq(apiKeys.organizationId, ctx.tenant.organizationId)).orderBy(desc(apiKeys.createdAt));
  return rows.map(toApiKeyDto);
}

/** Revokes a key (at once: the next request with it is a 401); revoking a revoked key changes nothing. */
export async function revokeApiKey(ctx: TenantRouteContext, id: string): Promise<ApiKeyDto> {
  const { tx, tenant, actor } = ctx;
  const where = and(eq(apiKeys.organizationId, tenant.organizationId), eq(apiKeys.id, id));
  const [row] = await tx.select().from(apiKeys).where(where).for('update');
  if (!row) throw notFound('API key');
  if (row.revokedAt) return toApiKeyDto(row);
  const [revoked] = await tx.update(apiKeys).set({ revokedAt: new Date(), revokedBy: actor.userId }).where(where).returning();
  await ctx.audit('api-key.revoked', { type: 'api-key', id }, { name: row.name });
  return toApiKeyDto(revoked);
}
