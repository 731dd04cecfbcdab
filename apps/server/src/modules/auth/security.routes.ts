import {
  FORGOT_PASSWORD_MESSAGE,
  RESET_LINK_MINUTES,
  accountSecurityResponse,
  changePasswordBody,
  changePasswordResponse,
  endOtherSessionsResponse,
  forgotPasswordBody,
  forgotPasswordResponse,
  memberResetEmailResponse,
  memberResetLinkResponse,
  mfaConfirmBody,
  mfaConfirmResponse,
  mfaDisableBody,
  mfaEnrollResponse,
  mfaSignInBody,
  resetPasswordBody,
  resetPasswordResponse,
  sessionListResponse,
} from '@clinic/domain/contracts/account-security';
import { MEMBERS_ACCESS, authOkResponse, signInResponse } from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toUserDto } from '../../platform/dto.js';
import { AppError } from '../../platform/errors.js';
import { appOrigin, type LinkConfig } from '../../platform/links.js';
import type { Mailer } from '../../platform/mail.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import { defineRoute } from '../../platform/route/index.js';
import { secureCookiesFor } from '../../platform/security-headers.js';
import { accountWithSecrets } from './account-secrets.js';
import { clearSessionCookie, createSession, setSessionCookie } from '../../platform/sessions.js';
import { endOtherSessions, endOwnSession, listOwnSessions } from './account-sessions.service.js';
import { completeMfaSignIn, confirmEnrolment, disableMfa, mfaRequiredFor, mfaState, startEnrolment } from './mfa.service.js';
import { createMemberResetLink, mailMemberReset, resetMemberMfa } from './member-help.service.js';
import { changePassword, requestPasswordReset, resetPassword } from './password.service.js';

const memberParams = z.object({ memberId: z.string().min(1).max(100) });
const sessionParams = z.object({ id: z.string().min(1).max(100) });

/** The origin links point at; null where none can be built (production without PUBLIC_URL). */
function originOf(links: LinkConfig, request: FastifyRequest): string | null {
  try {
    return appOrigin(links, request);
  } catch {
    return null;
  }
}

/**
 * Sign-in security: two-factor sign-in (TOTP and backup codes), password change and
 * reset, the member's sessions, and an Admin's help for a member (a reset link, a second factor reset,
 * a reset e-mail).
 */
export async function securityRoutes(
  app: FastifyInstance,
  opts: { secureCookies: boolean; publicUrl?: string; links: LinkConfig; mailer: Mailer },
) {
  const secure = secureCookiesFor(opts);
  // Per address, before anything is read; the e-mail's own limits are the sign-in ones (`completeMfaSignIn`).
  const mfaLimiter = new RateLimiter(30, 15 * 60_000);
  const resetLimiter = new RateLimiter(10, 15 * 60_000);

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'GET',
      url: '/api/auth/security',
      summary: "The signed-in member's second factor",
      reply: accountSecurityResponse,
    },
    async (ctx) => ({
      success: true,
      mfa: mfaState(await accountWithSecrets(ctx.db, ctx.user.id), await mfaRequiredFor(ctx.db, ctx.user.id)),
    }),
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'POST',
      url: '/api/auth/mfa/enroll',
      summary: 'Start two-factor enrolment: a new TOTP secret and its QR code',
      reply: mfaEnrollResponse,
    },
    async (ctx) => ({ success: true, ...(await startEnrolment(ctx)) }),
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'POST',
      url: '/api/auth/mfa/confirm',
      summary: 'Confirm enrolment with a code; answers the backup codes, once',
      body: mfaConfirmBody,
      reply: mfaConfirmResponse,
    },
    async (ctx, { body }) => ({ success: true, backupCodes: await confirmEnrolment(ctx, body.code) }),
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'POST',
      url: '/api/auth/mfa/disable',
      summary: 'Turn two-factor sign-in off (password and a code)',
      body: mfaDisableBody,
      reply: authOkResponse,
    },
    async (ctx, { body }) => {
      await disableMfa(ctx, body);
      return { success: true };
    },
  );

  defineRoute(
    app,
    {
      caller: 'public',
      tenant: 'none',
      method: 'POST',
      url: '/api/auth/mfa',
      summary: "Complete a sign-in with the second factor (the password step's mfaToken and a code)",
      body: mfaSignInBody,
      reply: signInResponse,
      rateLimit: { limiter: mfaLimiter, scope: 'sign-in-mfa' },
    },
    async (ctx, { body }, request, reply) => {
      const user = await completeMfaSignIn(ctx, body);
      const token = await createSession(ctx.db, user.id, request);
      setSessionCookie(reply, token, secure(request));
      return { success: true, user: toUserDto(user), ...(request.headers.origin ? {} : { token }) };
    },
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'POST',
      url: '/api/auth/password',
      summary: 'Change the password (the organization policy applies; other sessions end)',
      body: changePasswordBody,
      reply: changePasswordResponse,
    },
    async (ctx, { body }) => ({ success: true, ...(await changePassword(ctx, body)) }),
  );

  defineRoute(
    app,
    {
      caller: 'public',
      tenant: 'none',
      method: 'POST',
      url: '/api/auth/password/forgot',
      summary: 'Mail a single-use reset link (30 minutes) when mail is configured; the answer never says whether the e-mail has an account',
      body: forgotPasswordBody,
      reply: forgotPasswordResponse,
      rateLimit: { limiter: resetLimiter, scope: 'password-forgot' },
    },
    async (ctx, { body }, request) => {
      const origin = originOf(opts.links, request);
      await requestPasswordReset(ctx, body.email, { mailer: opts.mailer, origin, log: request.log });
      return { success: true, mailConfigured: opts.mailer.configured && origin !== null, message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  defineRoute(
    app,
    {
      caller: 'public',
      tenant: 'none',
      method: 'POST',
      url: '/api/auth/password/reset',
      summary: 'Choose a new password from a reset link (once; every session of the account ends)',
      body: resetPasswordBody,
      reply: resetPasswordResponse,
      rateLimit: { limiter: resetLimiter, scope: 'password-reset' },
    },
    async (ctx, { body }, _request, reply) => {
      const { email } = await resetPassword(ctx, body);
      clearSessionCookie(reply);
      return { success: true, email, message: 'Your password has been changed. Sign in with the new password.' };
    },
  );

  defineRoute(
    app,
    { caller: 'account', method: 'GET', url: '/api/auth/sessions', summary: "The signed-in member's sessions", reply: sessionListResponse },
    async (ctx) => ({
      success: true,
      sessions: await listOwnSessions(ctx),
    }),
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'DELETE',
      url: '/api/auth/sessions/:id',
      summary: 'Sign one of your sessions out',
      params: sessionParams,
      reply: authOkResponse,
    },
    async (ctx, { params }, _request, reply) => {
      const { current } = await endOwnSession(ctx, params.id);
      if (current) clearSessionCookie(reply);
      return { success: true };
    },
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'POST',
      url: '/api/auth/sessions/sign-out-others',
      summary: 'Sign out every other session',
      reply: endOtherSessionsResponse,
    },
    async (ctx) => ({
      success: true,
      sessionsEnded: await endOtherSessions(ctx),
    }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'POST',
      url: '/api/organizations/members/:memberId/mfa/reset',
      summary: "Reset a member's second factor (they enrol again); only where this organization is the account's only membership",
      access: MEMBERS_ACCESS.administer,
      params: memberParams,
      scope: 'organization',
      reply: authOkResponse,
    },
    async (ctx, { params }) => {
      await resetMemberMfa(ctx, params.memberId);
      return { success: true };
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'POST',
      url: '/api/organizations/members/:memberId/password-reset-link',
      summary:
        "Create a single-use password reset link for a member (shown to the Admin); only where this organization is the account's only membership",
      access: MEMBERS_ACCESS.administer,
      params: memberParams,
      scope: 'organization',
      reply: memberResetLinkResponse,
    },
    async (ctx, { params }, request) => {
      const origin = originOf(opts.links, request);
      if (!origin) throw new AppError('service/unavailable', 'No public URL is configured for links (PUBLIC_URL).');
      return { success: true, ...(await createMemberResetLink(ctx, params.memberId, origin)) };
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'POST',
      url: '/api/organizations/members/:memberId/password-reset-email',
      summary: "Mail a member a single-use password reset link to their account's address (never shown to the Admin); refused without mail",
      access: MEMBERS_ACCESS.administer,
      params: memberParams,
      scope: 'organization',
      reply: memberResetEmailResponse,
    },
    async (ctx, { params }, request) => {
      const sent = await mailMemberReset(ctx, params.memberId, { mailer: opts.mailer, origin: originOf(opts.links, request), log: request.log });
      return {
        success: true,
        ...sent,
        message: `A password reset e-mail was sent to ${sent.email}. The link in it works once, for ${RESET_LINK_MINUTES} minutes.`,
      };
    },
  );
}
