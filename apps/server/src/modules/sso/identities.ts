import { and, eq } from 'drizzle-orm';
import { ssoIdentities } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';
import { organizationMembershipsQuery } from '../members/index.js';

/**
 * The identities an organization's provider has linked to accounts, keyed by (issuer, `sub`): the
 * subject, never the e-mail, names the account on every later sign-in.
 */

/** Who an identity is: the issuer and its subject. */
export interface IdentityKey {
  issuer: string;
  subject: string;
}

/** The account linked to the identity, if any. */
export async function linkedUser(tx: TenantTx, organizationId: string, key: IdentityKey): Promise<string | null> {
  const [row] = await tx
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.organizationId, organizationId), eq(ssoIdentities.issuer, key.issuer), eq(ssoIdentities.subject, key.subject)));
  return row?.userId ?? null;
}

/** The subject the account is linked to at this issuer, if any (an account has one per issuer). */
export async function linkedSubject(tx: TenantTx, organizationId: string, issuer: string, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ subject: ssoIdentities.subject })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.organizationId, organizationId), eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.userId, userId)));
  return row?.subject ?? null;
}

/** Links the identity to the account. */
export async function linkIdentity(tx: TenantTx, organizationId: string, key: IdentityKey, userId: string, now: Date): Promise<void> {
  await tx.insert(ssoIdentities).values({ organizationId, issuer: key.issuer, subject: key.subject, userId, linkedAt: now });
}

/** Records a sign-in of the identity. */
export async function touchIdentity(tx: TenantTx, organizationId: string, key: IdentityKey, now: Date): Promise<void> {
  await tx
    .update(ssoIdentities)
    .set({ lastSignInAt: now })
    .where(and(eq(ssoIdentities.organizationId, organizationId), eq(ssoIdentities.issuer, key.issuer), eq(ssoIdentities.subject, key.subject)));
}

/** The account's membership of the organization (`id`, `role`, `status`), of any status; null when it has none. */
export async function membershipOf(tx: TenantTx, organizationId: string, userId: string) {
  const m = organizationMembershipsQuery(tx, organizationId).as('m');
  const [row] = await tx.select({ id: m.id, role: m.role, status: m.status }).from(m).where(eq(m.userId, userId));
  return row ?? null;
}
