import type { SsoConfiguration, SsoConfigurationBody } from '@clinic/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { ssoConfigurations, ssoDomains } from '../../db/schema/index.js';
import { newToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { OutboundFetch } from '../../platform/outbound-fetch.js';
import { OUTBOUND_FAILED, type OutboundLog } from '../../platform/outbound.js';
import type { TenantRouteContext, TenantTx, StaffTenant } from '../../platform/route/index.js';
import { sealSecret } from '../../platform/secret-box.js';
import { discoverProvider, IssuerProblem } from './oidc.js';
import { configurationRow, domainRows, secretContext, toSsoConfiguration, type SsoAddresses } from './sso-settings.js';

/**
 * Settings' single sign-on panel: reading the settings and saving them. The issuer is discovered
 * before anything is written; the client secret is sealed and write-only; the claimed domains are
 * the full list (a new one starts unverified with a fresh token, a removed one is released).
 */

/** What the issuer field says when discovery fails, whatever the reason (the reason is logged). */
export const ISSUER_UNREACHABLE =
  'The identity provider could not be reached, or its /.well-known/openid-configuration does not describe this issuer with the authorization code flow.';

/** The settings as Settings shows them. */
export async function readSsoConfiguration(
  { tx, tenant }: { tx: TenantTx; tenant: StaffTenant },
  addresses: SsoAddresses,
): Promise<SsoConfiguration> {
  const row = await configurationRow(tx, tenant.organizationId);
  return toSsoConfiguration(row, await domainRows(tx, tenant.organizationId), addresses);
}

/**
 * Discovers the issuer through the outbound guard and checks that it offers what a sign-in needs
 * (the code flow, PKCE, a key set). Runs before the save opens its transaction: a network call
 * never holds one. A failure is a 400 naming the issuer field.
 */
export async function checkIssuer(body: SsoConfigurationBody, fetch: OutboundFetch, log: OutboundLog): Promise<void> {
  try {
    await discoverProvider({ issuer: body.issuer, clientId: body.clientId, clientSecret: null }, fetch);
  } catch (err) {
    // The guard logged its own reason; a provider that answered but does not fit is logged here.
    if (!(err instanceof Error && err.message === OUTBOUND_FAILED))
      log.warn({ sso: { issuer: body.issuer, reason: err instanceof IssuerProblem ? err.message : String(err) } }, 'SSO issuer refused');
    throw new AppError('validation/sso-issuer', ISSUER_UNREACHABLE, [{ path: 'issuer', message: ISSUER_UNREACHABLE }]);
  }
}

/** What the audit row says of the secret: never the secret. */
const secretChange = (secret: string | null | undefined) => (secret === undefined ? 'kept' : secret === null ? 'removed' : 'replaced');

/** Saves the settings and the list of claimed domains, audited without the secret. */
export async function saveSsoConfiguration(
  ctx: TenantRouteContext,
  body: SsoConfigurationBody,
  addresses: SsoAddresses,
): Promise<SsoConfiguration> {
  const { tx, tenant, actor } = ctx;
  const organizationId = tenant.organizationId;
  const before = await configurationRow(tx, organizationId);
  const secret =
    body.clientSecret === undefined
      ? (before?.clientSecret ?? null)
      : body.clientSecret === null
        ? null
        : sealSecret(body.clientSecret, secretContext(organizationId));
  const values = {
    enabled: body.enabled,
    issuer: body.issuer,
    clientId: body.clientId,
    clientSecret: secret,
    enforce: body.enforce,
    defaultRole: body.defaultRole,
    updatedBy: actor.userId,
    updatedAt: new Date(),
  };
  await tx
    .insert(ssoConfigurations)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: ssoConfigurations.organizationId, set: values });

  const wanted = [...new Set(body.domains)];
  const current = (await domainRows(tx, organizationId)).map((d) => d.domain);
  const added = wanted.filter((d) => !current.includes(d));
  const removed = current.filter((d) => !wanted.includes(d));
  if (removed.length) {
    await tx.delete(ssoDomains).where(and(eq(ssoDomains.organizationId, organizationId), inArray(ssoDomains.domain, removed)));
  }
  if (added.length) {
    await tx.insert(ssoDomains).values(added.map((domain) => ({ organizationId, domain, verificationToken: newToken() })));
  }
  await ctx.audit(
    'sso.configuration-updated',
    { type: 'sso-configuration', id: organizationId },
    {
      enabled: body.enabled,
      issuer: body.issuer,
      clientId: body.clientId,
      clientSecret: secretChange(body.clientSecret),
      enforce: body.enforce,
      defaultRole: body.defaultRole,
      domainsAdded: added,
      domainsRemoved: removed,
    },
  );
  return readSsoConfiguration(ctx, addresses);
}
