import type { SsoErrorCode } from '@clinic/domain';
import { newId } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { assertRoomFor } from '../../platform/plan-limits.js';
import type { PublicAccountContext } from '../../platform/route/index.js';
import { accountByEmail, accountById, createFederatedAccount, type Account } from '../auth/index.js';
import { addMemberWithRole } from '../members/index.js';
import { linkedUser, linkIdentity, membershipOf, touchIdentity, type IdentityKey } from './identities.js';
import type { ProviderClaims } from './oidc.js';
import { domainOf, recordLinkRequest } from './sign-in-records.js';
import { isVerifiedDomain, type SsoDefaultRole } from './sso-settings.js';

/**
 * Who a verified sign-in is. The identity (issuer, `sub`) already linked: that account. Otherwise
 * the e-mail, which the provider must say it verified: no account has it, and its domain is one
 * the organization verified: a new account, member with the default role; an account has it: that
 * account is never taken over, a link request waits for its own password sign-in instead.
 */

/** The provider a sign-in went through. */
export interface SignInProvider {
  organizationId: string;
  issuer: string;
  defaultRole: SsoDefaultRole;
}

/** What the callback does next. */
export type Resolution =
  { kind: 'account'; user: Account; created: boolean } | { kind: 'link'; token: string } | { kind: 'refused'; code: SsoErrorCode; reason: string };

const refused = (code: SsoErrorCode, reason: string): Resolution => ({ kind: 'refused', code, reason });

/** The account of a linked identity, if it may still sign in: active, and an active member of the organization. */
async function linkedAccount(ctx: PublicAccountContext, provider: SignInProvider, key: IdentityKey, userId: string): Promise<Resolution> {
  const user = await accountById(ctx.db, userId);
  if (!user || user.status !== 'active') return refused('account', 'account disabled');
  const member = await ctx.inOrganization(provider.organizationId, async ({ tx }) => {
    const membership = await membershipOf(tx, provider.organizationId, user.id);
    if (membership?.status !== 'active') return false;
    await touchIdentity(tx, provider.organizationId, key, new Date());
    return true;
  });
  return member ? { kind: 'account', user, created: false } : refused('account', 'not an active member');
}

/** Why the organization cannot take a new member now: the domain it has not verified, or its plan's user limit. */
async function roomForNewMember(ctx: PublicAccountContext, organizationId: string, email: string): Promise<Resolution | null> {
  return ctx.inOrganization(organizationId, async ({ tx }) => {
    if (!(await isVerifiedDomain(tx, organizationId, domainOf(email)))) return refused('domain', 'e-mail domain not verified by the organization');
    try {
      await assertRoomFor(tx, organizationId, 'users');
    } catch (err) {
      if (err instanceof AppError && err.code === 'plan/limit-reached') return refused('account', 'plan user limit reached');
      throw err;
    }
    return null;
  });
}

/** Asks the existing account of the e-mail to confirm the link after its own password sign-in. */
async function requestLink(ctx: PublicAccountContext, provider: SignInProvider, key: IdentityKey, user: Account): Promise<Resolution> {
  const token = await recordLinkRequest(ctx.db, { organizationId: provider.organizationId, ...key, userId: user.id, email: user.email });
  await ctx.inOrganization(provider.organizationId, ({ audit }) =>
    audit('auth.sso-link-requested', { type: 'user', id: user.id }, { issuer: key.issuer, subject: key.subject }),
  );
  return { kind: 'link', token };
}

/** Resolves the verified claims of a sign-in to an account, a link request or a refusal; writes only for the first two. */
export async function resolveAccount(ctx: PublicAccountContext, provider: SignInProvider, claims: ProviderClaims): Promise<Resolution> {
  const { organizationId } = provider;
  const key: IdentityKey = { issuer: provider.issuer, subject: claims.subject };
  const known = await ctx.inOrganization(organizationId, ({ tx }) => linkedUser(tx, organizationId, key));
  if (known) return linkedAccount(ctx, provider, key, known);
  if (!claims.email || !claims.emailVerified) return refused('email', claims.email ? 'email_verified is not true' : 'no e-mail claim');
  const existing = await accountByEmail(ctx.db, claims.email);
  if (existing) return requestLink(ctx, provider, key, existing);
  const problem = await roomForNewMember(ctx, organizationId, claims.email);
  if (problem) return problem;
  const user = await createFederatedAccount(ctx.db, { email: claims.email, firstName: claims.firstName, lastName: claims.lastName });
  // Made by someone else between the read and the insert: an existing account, never taken over.
  if (!user) {
    const other = await accountByEmail(ctx.db, claims.email);
    return other ? requestLink(ctx, provider, key, other) : refused('account', 'account creation raced');
  }
  await ctx.inOrganization(
    organizationId,
    async ({ tx, audit }) => {
      const now = new Date();
      await assertRoomFor(tx, organizationId, 'users');
      const memberId = newId();
      await addMemberWithRole(tx, organizationId, { id: memberId, userId: user.id, role: provider.defaultRole, now });
      await linkIdentity(tx, organizationId, key, user.id, now);
      await audit('member.joined', { type: 'member', id: memberId }, { role: provider.defaultRole, via: 'sso' });
      await audit('auth.sso-account-created', { type: 'user', id: user.id }, { email: user.email, issuer: key.issuer, subject: key.subject });
    },
    user.id,
  );
  return { kind: 'account', user, created: true };
}
