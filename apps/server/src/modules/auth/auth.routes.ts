import {
  authOkResponse,
  profileBody,
  profileResponse,
  resendVerificationResponse,
  sessionResponse,
  signInBody,
  signInResponse,
  signUpBody,
  signUpResponse,
  verifyEmailBody,
  verifyEmailResponse,
} from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toUserDto } from '../../platform/dto.js';
import { AppError } from '../../platform/errors.js';
import { appOrigin, type LinkConfig } from '../../platform/links.js';
import { sendIfConfigured, type Mailer } from '../../platform/mail.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import { defineRoute, type PublicAccountContext } from '../../platform/route/index.js';
import { secureCookiesFor } from '../../platform/security-headers.js';
import { clearSessionCookie, createSession, endSession, setSessionCookie } from '../../platform/sessions.js';
import { recordSignOut, sessionContext, signIn, signUp, type PasswordGate, type SignInHooks } from './auth.service.js';
import { VERIFY_LINKS_PER_MINUTE, createVerification, verifyEmail } from './email-verification.service.js';
import { noticeLockedAccount } from './sign-in-locks.js';

/**
 * API clients (no Origin header) get the token in the body to send as a Bearer token; browsers
 * get only the httpOnly cookie, so a script on the page can never read it.
 */
function tokenForApiClients(request: FastifyRequest, token: string): { token?: string } {
  return request.headers.origin ? {} : { token };
}

/** The sign-in page, for the notice mail; none when links cannot be built (production without PUBLIC_URL). */
function signInUrl(links: LinkConfig, request: FastifyRequest): string | undefined {
  try {
    return `${appOrigin(links, request)}/login`;
  } catch {
    return undefined;
  }
}

/** Sign-up, sign-in, sign-out, the session and the current organization choice. */
export async function authRoutes(
  app: FastifyInstance,
  opts: {
    secureCookies: boolean;
    publicUrl?: string;
    links: LinkConfig;
    mailer: Mailer;
    signInWait?: (ms: number) => Promise<void>;
    /** Whether a right password may sign in (single sign-on's enforcement). */
    passwordGate?: PasswordGate;
  },
) {
  const { mailer } = opts;
  // Secure whenever the browser reached us over https, so the cookie never travels in clear text.
  const secure = secureCookiesFor(opts);
  // One audit row a minute per locked e-mail or address (per instance), however many tries are refused.
  const throttledAudits = new RateLimiter(1, 60_000);
  const signInHooks = (ctx: PublicAccountContext, request: FastifyRequest): SignInHooks => ({
    wait: opts.signInWait,
    passwordGate: opts.passwordGate,
    auditThrottled: (key) => throttledAudits.allows(key),
    onEmailLocked: (user) => {
      noticeLockedAccount(ctx.db, mailer, request.log, user, signInUrl(opts.links, request)).catch((err: Error) =>
        request.log.error({ err: err.message }, 'sign-in lock notice not sent'),
      );
    },
  });

  defineRoute(
    app,
    {
      caller: 'public',
      tenant: 'none',
      method: 'POST',
      url: '/api/auth/sign-up',
      summary: 'Create an account and sign in; a verification link is mailed when mail is configured',
      body: signUpBody,
      reply: signUpResponse,
      status: 201,
    },
    async (ctx, { body }, request, reply) => {
      const origin = mailer.configured ? appOrigin(opts.links, request) : null;
      const user = await signUp(ctx, body);
      const token = await createSession(ctx.db, user.id, request);
      const verificationSent = origin !== null && (await sendIfConfigured(mailer, await createVerification(ctx.db, user, origin), request.log));
      setSessionCookie(reply, token, secure(request));
      return { success: true, user: toUserDto(user), verificationSent, ...tokenForApiClients(request, token) };
    },
  );

  // A public endpoint: tokens cannot be guessed, but an address is still held to a rate.
  const verifyLimiter = new RateLimiter(VERIFY_LINKS_PER_MINUTE, 60_000);
  defineRoute(
    app,
    {
      caller: 'public',
      tenant: 'none',
      method: 'POST',
      url: '/api/auth/verify-email',
      summary: 'Complete an e-mail verification link (a retry of the same link answers the same)',
      body: verifyEmailBody,
      reply: verifyEmailResponse,
      rateLimit: { limiter: verifyLimiter, scope: 'verify-email' },
    },
    async (ctx, { body }) => {
      const { email } = await verifyEmail(ctx, body.token);
      return { success: true, email, message: 'Your e-mail address is verified.' };
    },
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'POST',
      url: '/api/auth/verify-email/resend',
      summary: 'Mail a new verification link to the signed-in user',
      reply: resendVerificationResponse,
    },
    async (ctx, _input, request) => {
      const { user } = ctx;
      if (user.emailVerifiedAt) return { success: true, alreadyVerified: true };
      if (!mailer.configured) {
        throw new AppError('service/unavailable', 'E-mail is not configured on this server, so no verification link can be sent.');
      }
      const message = await createVerification(ctx.db, user, appOrigin(opts.links, request));
      if (!(await sendIfConfigured(mailer, message, request.log))) {
        throw new AppError('service/unavailable', 'The e-mail could not be sent. Please try again later.');
      }
      return { success: true, alreadyVerified: false, message: `A new link was sent to ${user.email}.` };
    },
  );

  defineRoute(
    app,
    { caller: 'public', tenant: 'none', method: 'POST', url: '/api/auth/sign-in', summary: 'Sign in', body: signInBody, reply: signInResponse },
    async (ctx, { body }, request, reply) => {
      const user = await signIn(ctx, body, signInHooks(ctx, request));
      const token = await createSession(ctx.db, user.id, request);
      setSessionCookie(reply, token, secure(request));
      return { success: true, user: toUserDto(user), ...tokenForApiClients(request, token) };
    },
  );

  defineRoute(
    app,
    { caller: 'account', method: 'POST', url: '/api/auth/sign-out', summary: 'Sign out (ends the session)', reply: authOkResponse },
    async (ctx, _input, _request, reply) => {
      await endSession(ctx.db, ctx.sessionId);
      await recordSignOut(ctx);
      clearSessionCookie(reply);
      return { success: true };
    },
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'GET',
      url: '/api/auth/session',
      summary: 'The signed-in user, membership, organization and clinics',
      reply: sessionResponse,
    },
    async (ctx) => ({ success: true, ...(await sessionContext(ctx)) }),
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'PUT',
      url: '/api/auth/profile',
      summary: 'Choose the current organization and clinic',
      body: profileBody,
      reply: profileResponse,
    },
    async (ctx, { body }) => ({ success: true, ...(await ctx.selectOrganization(body)) }),
  );
}
