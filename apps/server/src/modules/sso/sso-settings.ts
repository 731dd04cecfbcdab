import type { SsoConfiguration } from '@clinic/domain';
import { ssoTxtRecord, SSO_DEFAULT_ROLES } from '@clinic/domain';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { ssoConfigurations, ssoDomains } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';
import { openSecret } from '../../platform/secret-box.js';
import type { ProviderSettings } from './oidc.js';

/**
 * An organization's single sign-on settings as its tenant transaction reads them: the row of
 * `sso_configurations` and the claimed domains. The client secret is opened only for a sign-in's
 * token request, never put in an answer.
 */

export type SsoConfigurationRow = typeof ssoConfigurations.$inferSelect;
export type SsoDomainRow = typeof ssoDomains.$inferSelect;

/** The place a client secret is sealed for: it opens on this organization's row only. */
export const secretContext = (organizationId: string) => `sso:${organizationId}:client-secret`;

/** The organization's settings row, or null before the first save. */
export async function configurationRow(tx: TenantTx, organizationId: string): Promise<SsoConfigurationRow | null> {
  const [row] = await tx.select().from(ssoConfigurations).where(eq(ssoConfigurations.organizationId, organizationId));
  return row ?? null;
}

/** The organization's claimed domains, verified or not, by name. */
export function domainRows(tx: TenantTx, organizationId: string): Promise<SsoDomainRow[]> {
  return tx.select().from(ssoDomains).where(eq(ssoDomains.organizationId, organizationId)).orderBy(asc(ssoDomains.domain));
}

/** Whether `domain` is one of the organization's verified domains. */
export async function isVerifiedDomain(tx: TenantTx, organizationId: string, domain: string): Promise<boolean> {
  const [row] = await tx
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)));
  return Boolean(row);
}

/** The provider a saved configuration names, its secret opened; null when single sign-on is off. */
export function enabledProvider(row: SsoConfigurationRow | null): (ProviderSettings & { defaultRole: SsoDefaultRole }) | null {
  if (!row?.enabled) return null;
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: row.clientSecret ? openSecret(row.clientSecret, secretContext(row.organizationId)) : null,
    defaultRole: defaultRoleOf(row.defaultRole),
  };
}

export type SsoDefaultRole = (typeof SSO_DEFAULT_ROLES)[number];

/** The stored default role, or the weakest one should a row hold anything else. */
export function defaultRoleOf(stored: string): SsoDefaultRole {
  return (SSO_DEFAULT_ROLES as readonly string[]).includes(stored) ? (stored as SsoDefaultRole) : 'Viewer';
}

/** Where the provider sends the person back, and the organization's sign-in link, from the public origin. */
export interface SsoAddresses {
  redirectUri: string;
  signInUrl: string;
}

/** The callback address registered at the provider. */
export const callbackAddress = (origin: string) => `${origin}/api/auth/sso/callback`;

/** The settings as Settings shows them: never the secret, only whether one is saved. */
export function toSsoConfiguration(row: SsoConfigurationRow | null, domains: SsoDomainRow[], addresses: SsoAddresses): SsoConfiguration {
  return {
    enabled: row?.enabled ?? false,
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    hasClientSecret: Boolean(row?.clientSecret),
    domains: domains.map((d) => ({
      domain: d.domain,
      txtRecord: ssoTxtRecord(d.verificationToken),
      verified: d.verifiedAt !== null,
      verifiedAt: d.verifiedAt?.toISOString() ?? null,
    })),
    enforce: row?.enforce ?? false,
    defaultRole: row ? defaultRoleOf(row.defaultRole) : 'Staff',
    redirectUri: addresses.redirectUri,
    signInUrl: addresses.signInUrl,
  };
}
