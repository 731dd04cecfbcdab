import { newId } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { assertRoomFor } from '../../platform/plan-limits.js';
import type { AccountRouteContext } from '../../platform/route/index.js';
import { addMemberWithRole } from '../members/index.js';
import { linkedSubject, linkedUser, linkIdentity, membershipOf } from './identities.js';
import { liveLinkRequest, useLinkRequest } from './sign-in-records.js';
import { configurationRow, defaultRoleOf } from './sso-settings.js';

/**
 * Confirming a link request: the account an identity provider's e-mail matched links the identity
 * to itself, signed in with its own password first. Only that account may (another is refused and
 * audited, the request left for its account); a request is used once; the account becomes a
 * member with the default role if it was none.
 */

/** The answer to an unknown, used or expired link, or one whose provider changed since. */
export const LINK_GONE_MESSAGE = 'This single sign-on link has expired or was already used. Start single sign-on again.';
/** The answer to a signed-in account that is not the request's. */
export const LINK_NOT_YOURS_MESSAGE = 'This single sign-on link was made for another account. Sign in with that account to link it.';

const gone = () => new AppError('auth/invalid-link', LINK_GONE_MESSAGE);

/** Links the identity of the request of `token` to the signed-in account; audited in the identity's organization. */
export async function confirmLink(ctx: AccountRouteContext, token: string): Promise<void> {
  const { user } = ctx;
  const request = await liveLinkRequest(ctx.db, token);
  if (!request) throw gone();
  const organizationId = request.organizationId;
  if (request.userId !== user.id) {
    await ctx.inOrganization(
      organizationId,
      ({ audit }) => audit('auth.sso-link-refused', { type: 'user', id: request.userId }, { reason: 'another account', by: user.id }),
      user.id,
    );
    throw new AppError('access/forbidden', LINK_NOT_YOURS_MESSAGE);
  }
  if (!(await useLinkRequest(ctx.db, token, user.id))) throw gone();
  const key = { issuer: request.issuer, subject: request.subject };
  await ctx.inOrganization(
    organizationId,
    async ({ tx, audit }) => {
      const settings = await configurationRow(tx, organizationId);
      if (!settings?.enabled || settings.issuer !== request.issuer) throw gone();
      const holder = await linkedUser(tx, organizationId, key);
      if (holder === user.id) return;
      if (holder) throw new AppError('conflict/sso-identity-linked', 'This identity is already linked to another account.');
      if (await linkedSubject(tx, organizationId, key.issuer, user.id)) {
        throw new AppError('conflict/sso-account-linked', 'This account is already linked to another identity of this identity provider.');
      }
      const now = new Date();
      const membership = await membershipOf(tx, organizationId, user.id);
      if (membership && membership.status !== 'active')
        throw new AppError('access/forbidden', 'Your membership of this organization is not active.');
      if (!membership) {
        const role = defaultRoleOf(settings.defaultRole);
        await assertRoomFor(tx, organizationId, 'users');
        const memberId = newId();
        await addMemberWithRole(tx, organizationId, { id: memberId, userId: user.id, role, now });
        await audit('member.joined', { type: 'member', id: memberId }, { role, via: 'sso-link' });
      }
      await linkIdentity(tx, organizationId, key, user.id, now);
      await audit('auth.sso-linked', { type: 'user', id: user.id }, { issuer: key.issuer, subject: key.subject });
    },
    user.id,
  );
}
