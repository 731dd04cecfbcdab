import { planMemberChange } from '@clinic/domain';
import { RESET_LINK_MINUTES } from '@clinic/domain/contracts/account-security';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import { sendIfConfigured, type Mailer } from '../../platform/mail.js';
import type { TenantAccountRouteContext } from '../../platform/route/index.js';
import { organizationMembershipsQuery } from '../members/index.js';
import { actOnAccount, auditAcrossAccount, type AccountTarget } from './account-wide.js';
import { createAccountToken, endAccountTokens } from './account-tokens.js';
import { clearMfa } from './mfa.service.js';
import { RESET_MAILS_PER_HOUR, resetLinksLastHour, resetPath } from './password.service.js';

/**
 * An Admin's help with a member's sign-in. A password and a second factor are the account's, in
 * every organization of the person: the link shown to the Admin and the second factor's reset are
 * allowed only where the Admin's organization holds the account's only membership
 * (`account-wide.ts`). The reset e-mail is allowed for any member below the Admin's rank: only the
 * holder of the account's mailbox can complete it.
 */

/** A member of the request's organization by membership id, below the actor's rank (an Owner: any). */
async function memberBelow(ctx: TenantAccountRouteContext, memberId: string): Promise<AccountTarget & { role: string }> {
  const { tenant } = ctx;
  const [member] = await ctx.tenantTx(({ tx }) => {
    const m = organizationMembershipsQuery(tx, tenant.organizationId).as('m');
    return tx
      .select({ userId: m.userId, role: m.role, email: users.email })
      .from(m)
      .innerJoin(users, eq(users.id, m.userId))
      .where(eq(m.id, memberId))
      .limit(1);
  });
  if (!member) throw notFound('Member');
  // The one member-change rule (`planMemberChange`): below one's own rank, any rank for an Owner.
  if (!planMemberChange(tenant.member, { role: member.role, permissions: {} }, {}).ok) {
    throw new AppError('access/forbidden', `You can only help members whose role is below your own (${member.role} is not).`);
  }
  return { ...member, memberId };
}

/** An Admin's reset link for a member (when no mail is configured): shown to the Admin, valid 30 minutes, once. */
export async function createMemberResetLink(ctx: TenantAccountRouteContext, memberId: string, origin: string) {
  const member = await memberBelow(ctx, memberId);
  return actOnAccount(ctx, member, { kind: 'password', audit: 'member.password-reset-link-created' }, async () => {
    await endAccountTokens(ctx.db, member.userId, 'password-reset');
    const { token, expiresAt } = await createAccountToken(ctx.db, member.userId, 'password-reset', RESET_LINK_MINUTES, ctx.actor.userId);
    return { resetUrl: `${origin}${resetPath(token)}`, expiresAt: expiresAt.toISOString() };
  });
}

/** An Admin's reset of a member's second factor: the member signs in with the password alone and enrols again. */
export async function resetMemberMfa(ctx: TenantAccountRouteContext, memberId: string): Promise<void> {
  const member = await memberBelow(ctx, memberId);
  await actOnAccount(ctx, member, { kind: 'second-factor', audit: 'member.mfa-reset' }, () => clearMfa(ctx.db, member.userId));
}

function memberResetMail(to: string, organizationName: string, url: string) {
  return {
    to,
    subject: 'Reset your password',
    text: [
      `An administrator of the organization "${organizationName}" sent you this link to reset the password of your ClinicFlow account (${to}).`,
      'If you want a new password, open it and choose one:',
      '',
      url,
      '',
      `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not expect this message, ignore it: your password stays as it is.`,
    ].join('\n'),
  };
}

/**
 * Mails a member a single-use reset link (30 minutes) to their account's address: the Admin never
 * sees it, so only the mailbox's holder can choose the new password. Refused without mail (nothing
 * is pretended sent) and past {@link RESET_MAILS_PER_HOUR} links an hour for the account; a link
 * the mail server refused is withdrawn.
 */
export async function mailMemberReset(
  ctx: TenantAccountRouteContext,
  memberId: string,
  mail: { mailer: Mailer; origin: string | null; log: FastifyBaseLogger },
) {
  const member = await memberBelow(ctx, memberId);
  if (!mail.mailer.configured) {
    throw new AppError(
      'mail/not-configured',
      'E-mail is not configured on this server (SMTP_URL), so no reset e-mail can be sent. The member can use "Forgot password?" once it is.',
    );
  }
  if (!mail.origin)
    throw new AppError('service/unavailable', 'No public URL is configured for links (PUBLIC_URL), so no reset e-mail can be sent.');
  if ((await resetLinksLastHour(ctx.db, member.userId)) >= RESET_MAILS_PER_HOUR) {
    throw new AppError('request/rate-limited', 'Several reset links were made for this member in the last hour. Please try again later.');
  }
  await endAccountTokens(ctx.db, member.userId, 'password-reset');
  const { expiresAt, token } = await createAccountToken(ctx.db, member.userId, 'password-reset', RESET_LINK_MINUTES, ctx.actor.userId);
  if (
    !(await sendIfConfigured(
      mail.mailer,
      memberResetMail(member.email, ctx.tenant.organization.name, `${mail.origin}${resetPath(token)}`),
      mail.log,
    ))
  ) {
    await endAccountTokens(ctx.db, member.userId, 'password-reset');
    throw new AppError('service/unavailable', 'The e-mail could not be sent. Please try again later.');
  }
  await auditAcrossAccount(ctx, member, 'member.password-reset-email-sent');
  return { email: member.email, expiresAt: expiresAt.toISOString() };
}
