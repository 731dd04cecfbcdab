import type { IntegrationId } from '@clinic/domain';
import { and, eq, sql } from 'drizzle-orm';
import { integrationCredentials } from '../../db/schema/index.js';
import { openSecret, sealSecret } from '../../platform/secret-box.js';
import type { TenantRouteContext, TenantTx } from '../../platform/route/index.js';

/** The place an organization's credential for an integration is sealed for (`platform/secret-box.ts`). */
const credentialPlace = (organizationId: string, integration: IntegrationId) => `organization:${organizationId}:integration:${integration}`;

/** The `Authorization` value of the static bearer token an Admin saved for an integration, if one. */
export async function savedBearerOf(tx: TenantTx, organizationId: string, integration: IntegrationId): Promise<string | undefined> {
  const [row] = await tx
    .select({ token: integrationCredentials.bearerToken })
    .from(integrationCredentials)
    .where(and(eq(integrationCredentials.organizationId, organizationId), eq(integrationCredentials.integration, integration)));
  return row ? `Bearer ${openSecret(row.token, credentialPlace(organizationId, integration))}` : undefined;
}

/** Saves (or with null removes) the credential the server sends to an integration; audited without the secret. */
export async function saveIntegrationCredential(ctx: TenantRouteContext, integration: IntegrationId, bearerToken: string | null): Promise<void> {
  const where = and(eq(integrationCredentials.organizationId, ctx.tenant.organizationId), eq(integrationCredentials.integration, integration));
  if (bearerToken === null) await ctx.tx.delete(integrationCredentials).where(where);
  else {
    const sealed = sealSecret(bearerToken, credentialPlace(ctx.tenant.organizationId, integration));
    await ctx.tx
      .insert(integrationCredentials)
      .values({ organizationId: ctx.tenant.organizationId, integration, bearerToken: sealed, updatedBy: ctx.actor.userId })
      .onConflictDoUpdate({
        target: [integrationCredentials.organizationId, integrationCredentials.integration],
        set: { bearerToken: sealed, updatedBy: ctx.actor.userId, updatedAt: new Date() },
      });
  }
  await ctx.audit(
    'organization.integration-credential',
    { type: 'organization', id: ctx.tenant.organizationId },
    { integration, set: bearerToken !== null },
  );
}

/** Whether a credential is saved for the integration (the secret itself is never read back). */
export async function hasIntegrationCredential(ctx: Pick<TenantRouteContext, 'tx' | 'tenant'>, integration: IntegrationId): Promise<boolean> {
  const [row] = await ctx.tx
    .select({ one: sql<number>`1` })
    .from(integrationCredentials)
    .where(and(eq(integrationCredentials.organizationId, ctx.tenant.organizationId), eq(integrationCredentials.integration, integration)));
  return row !== undefined;
}
