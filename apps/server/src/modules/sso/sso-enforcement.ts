import { SSO_ENFORCED_MESSAGE } from '@clinic/domain';
import { AppError } from '../../platform/errors.js';
import { countSignInFailure } from '../../platform/ops-counters.js';
import type { PublicAccountContext } from '../../platform/route/index.js';
import { membershipOf } from './identities.js';
import { domainOf, domainOwner, liveLinkRequest } from './sign-in-records.js';

/**
 * Single sign-on only: an organization that enforces it refuses the password of a member whose
 * e-mail is in one of its verified domains. Judged after the password was found right (the
 * refusal tells nothing to someone who does not know it), and audited in that organization. The
 * organization's Owner keeps the password as the break-glass way in (the provider down, its
 * settings wrong), audited as such. Members from other domains (a contractor's own address) and
 * non-members sign in with their password as before. A member who signed in at the provider and
 * was sent to link an existing account (`ssoLink`, a live link request of this account in this
 * organization) may use the password for that: otherwise enforcement would lock out every member
 * not linked before it was switched on.
 */
export async function ssoPasswordGate(ctx: PublicAccountContext, user: { id: string; email: string }, ssoLink: string | undefined): Promise<void> {
  const owner = await domainOwner(ctx.db, domainOf(user.email));
  if (!owner?.enforce) return;
  const link = ssoLink ? await liveLinkRequest(ctx.db, ssoLink) : null;
  const linking = link?.userId === user.id && link.organizationId === owner.organizationId;
  const verdict = await ctx.inOrganization(
    owner.organizationId,
    async ({ tx, audit }) => {
      const membership = await membershipOf(tx, owner.organizationId, user.id);
      if (membership?.status !== 'active') return 'allowed';
      if (membership.role === 'Owner') {
        await audit('auth.sso-break-glass', { type: 'user', id: user.id }, { email: user.email });
        return 'allowed';
      }
      if (linking) {
        await audit('auth.sso-link-password', { type: 'user', id: user.id }, { email: user.email });
        return 'allowed';
      }
      await audit('auth.sign-in-sso-required', { type: 'user', id: user.id }, { email: user.email, code: 'auth/sso-required' });
      return 'refused';
    },
    user.id,
  );
  if (verdict === 'allowed') return;
  countSignInFailure('auth/sso-required');
  throw new AppError('auth/sso-required', SSO_ENFORCED_MESSAGE);
}
