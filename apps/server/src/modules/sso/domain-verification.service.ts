import { SSO_DOMAIN_TAKEN_MESSAGE, SSO_DOMAIN_UNVERIFIED_MESSAGE, ssoTxtRecord, type SsoDomain } from '@clinic/domain';
import { Resolver, resolveTxt } from 'node:dns/promises';
import { and, eq, isNull } from 'drizzle-orm';
import { ssoDomains } from '../../db/schema/index.js';
import { AppError, databaseErrorOf, notFound } from '../../platform/errors.js';
import type { TenantAccountRouteContext } from '../../platform/route/index.js';
import { domainOwner } from './sign-in-records.js';

/**
 * Proving a claimed domain: the organization publishes `clinicflow-verification=<token>` as a TXT
 * record of the domain, and the verify call looks it up. A domain is verified by one organization
 * at most (`sso_domains_verified_unique`): the second is told so (409).
 */

/** Looks up a domain's TXT records: each record as the strings DNS splits it into. */
export type TxtResolver = (domain: string) => Promise<string[][]>;

/** The system's DNS, as `node:dns/promises` resolves TXT records. */
export const systemTxtResolver: TxtResolver = (domain) => resolveTxt(domain);

/** How long a lookup may take before it counts as "not found yet". */
const LOOKUP_TIMEOUT_MS = 5000;

/**
 * The deployment's lookups (DNS_SERVERS): the resolvers it names, a hospital's internal DNS, asked
 * in order; none named, the system's. Each is asked once for 2 s, so a silent first one gives way
 * to the second within the lookup's 5 s.
 */
export function txtResolverFor(servers: readonly string[]): TxtResolver {
  if (servers.length === 0) return systemTxtResolver;
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers(servers);
  return (domain) => resolver.resolveTxt(domain);
}

const unverified = () =>
  new AppError('validation/sso-domain-unverified', SSO_DOMAIN_UNVERIFIED_MESSAGE, [{ path: 'domain', message: SSO_DOMAIN_UNVERIFIED_MESSAGE }]);
const taken = () => new AppError('conflict/sso-domain-taken', SSO_DOMAIN_TAKEN_MESSAGE);

/** Whether the domain's TXT records hold `record` (a record split into strings is joined first, as DNS means it). */
async function publishes(resolve: TxtResolver, domain: string, record: string): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('TXT lookup timed out')), LOOKUP_TIMEOUT_MS);
  });
  try {
    const records = await Promise.race([resolve(domain), deadline]);
    return records.some((parts) => parts.join('').trim() === record);
  } catch {
    // No such name, no TXT records, a silent server: all "not found yet" to the Admin.
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The unique index's refusal: another organization verified the domain in the meantime. */
function isTakenError(err: unknown): boolean {
  return databaseErrorOf(err)?.code === '23505';
}

/**
 * Verifies one of the organization's claimed domains by its TXT record. The lookup runs between
 * two short transactions, never inside one. Unknown to the organization: 404; record not found:
 * 400 naming the domain; verified by another organization: 409. Audited.
 */
export async function verifyDomain(ctx: TenantAccountRouteContext, domain: string, resolve: TxtResolver): Promise<SsoDomain> {
  const organizationId = ctx.tenant.organizationId;
  const claim = await ctx.tenantTx(async ({ tx }) => {
    const [row] = await tx
      .select()
      .from(ssoDomains)
      .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.domain, domain)));
    return row ?? null;
  });
  if (!claim) throw notFound('Domain');
  const txtRecord = ssoTxtRecord(claim.verificationToken);
  if (claim.verifiedAt) return { domain, txtRecord, verified: true, verifiedAt: claim.verifiedAt.toISOString() };
  const owner = await domainOwner(ctx.db, domain);
  if (owner && owner.organizationId !== organizationId) throw taken();
  if (!(await publishes(resolve, domain, txtRecord))) throw unverified();
  const verifiedAt = new Date();
  try {
    await ctx.tenantTx(async ({ tx, audit }) => {
      const [updated] = await tx
        .update(ssoDomains)
        .set({ verifiedAt })
        .where(
          and(
            eq(ssoDomains.organizationId, organizationId),
            eq(ssoDomains.domain, domain),
            eq(ssoDomains.verificationToken, claim.verificationToken),
            isNull(ssoDomains.verifiedAt),
          ),
        )
        .returning({ domain: ssoDomains.domain });
      // Removed or verified by another request meanwhile: the claim read above is gone.
      if (!updated) throw notFound('Domain');
      await audit('sso.domain-verified', { type: 'sso-domain', id: domain });
    });
  } catch (err) {
    if (isTakenError(err)) throw taken();
    throw err;
  }
  return { domain, txtRecord, verified: true, verifiedAt: verifiedAt.toISOString() };
}
