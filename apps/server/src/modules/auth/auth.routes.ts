import { profileBody, signInBody, signUpBody, verifyEmailBody } from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDb } from '../../db/client.js';
import { auditingRefusals, userOf } from '../../platform/access.js';
import { toUserDto } from '../../platform/dto.js';
import { AppError } from '../../platform/errors.js';
import { appOrigin, type LinkConfig } from '../../platform/links.js';
import { sendIfConfigured, type Mailer } from '../../platform/mail.js';
import { selectCurrentOrganization } from '../../platform/membership.js';
import { parse } from '../../platform/parse.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import { isHttpsRequest } from '../../platform/security-headers.js';
import { clearSessionCookie, createSession, endSession, setSessionCookie } from '../../platform/sessions.js';
import { recordSignOut, sessionContext, signIn, signUp, type SignInHooks } from './auth.service.js';
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
    db: AppDb;
    secureCookies: boolean;
    publicUrl?: string;
    links: LinkConfig;
    mailer: Mailer;
    signInWait?: (ms: number) => Promise<void>;
  },
) {
  const { db, mailer } = opts;
  // Secure whenever the browser reached us over https, so the cookie never travels in clear text.
  const secure = (request: FastifyRequest) => opts.secureCookies || isHttpsRequest(request, opts.publicUrl);
  // One audit row a minute per locked e-mail or address (per instance), however many tries are refused.
  const throttledAudits = new RateLimiter(1, 60_000);
  const signInHooks = (request: FastifyRequest): SignInHooks => ({
    wait: opts.signInWait,
    auditThrottled: (key) => throttledAudits.allows(key),
    onEmailLocked: (user) => noticeLockedAccount(db, mailer, request.log, user, signInUrl(opts.links, request)),
  });

  app.post('/api/auth/sign-up', { config: { access: { public: true }, contract: { summary: 'Create an account and sign in; a verification link is mailed when mail is configured', body: signUpBody } } }, async (request, reply) => {
    const body = parse(signUpBody, request.body);
    const origin = mailer.configured ? appOrigin(opts.links, request) : null;
    const user = await signUp(db, body, request.ip);
    const token = await createSession(db, user.id, request);
    const verificationSent = origin !== null && (await sendIfConfigured(mailer, await createVerification(db, user, origin), request.log));
    setSessionCookie(reply, token, secure(request));
    return reply.status(201).send({ success: true, user: toUserDto(user), verificationSent, ...tokenForApiClients(request, token) });
  });

  // A public endpoint: tokens cannot be guessed, but an address is still held to a rate.
  const verifyLimiter = new RateLimiter(VERIFY_LINKS_PER_MINUTE, 60_000);
  app.post('/api/auth/verify-email', { config: { access: { public: true }, contract: { summary: 'Complete an e-mail verification link (a retry of the same link answers the same)', body: verifyEmailBody } } }, async (request) => {
    verifyLimiter.hitRequest(request, 'verify-email');
    const { token } = parse(verifyEmailBody, request.body);
    const { email } = await verifyEmail(db, token, request.ip);
    return { success: true, email, message: 'Your e-mail address is verified.' };
  });

  app.post('/api/auth/verify-email/resend', { config: { access: { signedIn: true }, contract: { summary: 'Mail a new verification link to the signed-in user' } } }, async (request) => {
    const user = userOf(request);
    if (user.emailVerifiedAt) return { success: true, alreadyVerified: true };
    if (!mailer.configured) {
      throw new AppError('service/unavailable', 'E-mail is not configured on this server, so no verification link can be sent.');
    }
    const message = await createVerification(db, user, appOrigin(opts.links, request));
    if (!(await sendIfConfigured(mailer, message, request.log))) {
      throw new AppError('service/unavailable', 'The e-mail could not be sent. Please try again later.');
    }
    return { success: true, alreadyVerified: false, message: `A new link was sent to ${user.email}.` };
  });

  app.post('/api/auth/sign-in', { config: { access: { public: true }, contract: { summary: 'Sign in', body: signInBody } } }, async (request, reply) => {
    const body = parse(signInBody, request.body);
    const user = await signIn(db, body, request.ip, signInHooks(request));
    const token = await createSession(db, user.id, request);
    setSessionCookie(reply, token, secure(request));
    return { success: true, user: toUserDto(user), ...tokenForApiClients(request, token) };
  });

  app.post('/api/auth/sign-out', { config: { access: { signedIn: true }, contract: { summary: 'Sign out (ends the session)' } } }, async (request, reply) => {
    await endSession(db, request.sessionId!);
    await recordSignOut(db, userOf(request), request.ip);
    clearSessionCookie(reply);
    return { success: true };
  });

  app.get('/api/auth/session', { config: { access: { signedIn: true }, contract: { summary: 'The signed-in user, membership, organization and clinics' } } }, async (request) => {
    return { success: true, ...(await sessionContext(db, userOf(request))) };
  });

  app.put('/api/auth/profile', { config: { access: { signedIn: true }, contract: { summary: 'Choose the current organization and clinic', body: profileBody } } }, async (request) => {
    const body = parse(profileBody, request.body);
    const selection = await auditingRefusals(db, request, userOf(request), body, () =>
      selectCurrentOrganization(db, userOf(request), body, request.ip),
    );
    return { success: true, ...selection };
  });
}
