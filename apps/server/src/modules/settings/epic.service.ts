import { epicAuthMethodOf, epicIntegration, type EpicIntegration, type EpicSigningKey, type EpicTestResult } from '@clinic/domain';
import type { TenantAccountRouteContext, TenantRouteContext } from '../../platform/route/index.js';
import {
  checkIntegration,
  ensureSigningKey,
  epicSignIn,
  hasIntegrationCredential,
  rotateSigningKey,
  saveIntegrationCredential,
  savedEpicConnection,
  signingKeysOf,
  type EhrReach,
} from '../integrations/index.js';
import { saveOrganizationSettingAt } from '../organizations/index.js';

/** Where the organization's settings keep the Epic connection. */
const EPIC_PATH = ['integrations', 'epic'];

type EpicChange = Partial<Omit<EpicIntegration, 'lastSync'>> & { bearerToken?: string | null };

/**
 * Saves the Epic EHR connection into the organization's settings (`integrations.epic`), leaving
 * every other setting and integration as it was. A connection that signs in over SMART Backend
 * Services gets the organization's signing key now, so its JWKS URL publishes a key as soon as the
 * Admin registers it in Epic.
 */
export async function saveEpic(ctx: TenantRouteContext, { bearerToken, ...change }: EpicChange): Promise<EpicIntegration> {
  const next = epicIntegration.parse({ ...(await savedEpicConnection(ctx, true)), ...change });
  if (bearerToken !== undefined) await saveIntegrationCredential(ctx, 'epic', bearerToken);
  await saveOrganizationSettingAt(ctx.tx, ctx.tenant.organizationId, EPIC_PATH, next, { updatedAt: new Date() });
  const authMethod = epicAuthMethodOf(next.authMethod, await hasIntegrationCredential(ctx, 'epic'));
  if (authMethod === 'smart-backend') await ensureSigningKey(ctx);
  await ctx.audit(
    'organization.integration-updated',
    { type: 'organization', id: ctx.tenant.organizationId },
    {
      integration: 'epic',
      enabled: next.enabled,
      environment: next.environment,
      baseUrl: next.baseUrl,
      authMethod,
    },
  );
  return next;
}

/**
 * Test Connection: `GET {baseUrl}/metadata` of the saved connection, from the server, then, for a
 * SMART Backend Services connection, a sign-in with a new access token (a refusal reads as the
 * EHR's own reason); recorded as a check of the Epic integration (the emergency room's
 * Integrations tab shows it). The requests (up to 5 s each) run between short transactions, never
 * inside one.
 */
export async function testEpic(ctx: TenantAccountRouteContext, reach: EhrReach): Promise<Omit<EpicTestResult, 'success'>> {
  return checkIntegration(ctx, 'epic', reach, async () => {
    const signIn = await epicSignIn(ctx.tenantTx, reach, { fresh: true });
    return signIn.ok ? null : signIn.error;
  });
}

/** The SMART Backend Services details the Epic card shows: the JWKS URL (null when unknown) and the newest keys. */
export async function epicSmartDetails(
  ctx: TenantRouteContext,
  jwksUrl: string | null,
): Promise<{ jwksUrl: string | null; keys: EpicSigningKey[] }> {
  return { jwksUrl, keys: await signingKeysOf(ctx.tx, ctx.tenant.organizationId) };
}

/** Rotate key: a new signing key from now on; the old one stays published for the window (`RETIRED_KEY_PUBLISHED_MS`). */
export async function rotateEpicKey(ctx: TenantRouteContext, jwksUrl: string | null): Promise<{ jwksUrl: string | null; keys: EpicSigningKey[] }> {
  await rotateSigningKey(ctx);
  return epicSmartDetails(ctx, jwksUrl);
}
