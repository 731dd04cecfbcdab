import { profileBody, signInBody, signUpBody } from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDb } from '../../db/client.js';
import { auditingRefusals, userOf } from '../../platform/access.js';
import { toUserDto } from '../../platform/dto.js';
import { appOrigin, type LinkConfig } from '../../platform/links.js';
import type { Mailer } from '../../platform/mail.js';
import { selectCurrentOrganization } from '../../platform/membership.js';
import { parse } from '../../platform/parse.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import { clearSessionCookie, createSession, endSession, setSessionCookie } from '../../platform/sessions.js';
import { recordSignOut, sessionContext, signIn, signUp, type SignInHooks } from './auth.service.js';
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
  opts: { db: AppDb; secureCookies: boolean; links: LinkConfig; mailer: Mailer; signInWait?: (ms: number) => Promise<void> },
) {
  const { db } = opts;
  // One audit row a minute per locked e-mail or address (per instance), however many tries are refused.
  const throttledAudits = new RateLimiter(1, 60_000);
  const signInHooks = (request: FastifyRequest): SignInHooks => ({
    wait: opts.signInWait,
    auditThrottled: (key) => throttledAudits.allows(key),
    onEmailLocked: (user) => noticeLockedAccount(db, opts.mailer, request.log, user, signInUrl(opts.links, request)),
  });

  app.post('/api/auth/sign-up', { config: { access: { public: true }, contract: { summary: 'Create an account and sign in', body: signUpBody } } }, async (request, reply) => {
    const body = parse(signUpBody, request.body);
    const user = await signUp(db, body, request.ip);
    const token = await createSession(db, user.id, request);
    setSessionCookie(reply, token, opts.secureCookies);
    return reply.status(201).send({ success: true, user: toUserDto(user), ...tokenForApiClients(request, token) });
  });

  app.post('/api/auth/sign-in', { config: { access: { public: true }, contract: { summary: 'Sign in', body: signInBody } } }, async (request, reply) => {
    const body = parse(signInBody, request.body);
    const user = await signIn(db, body, request.ip, signInHooks(request));
    const token = await createSession(db, user.id, request);
    setSessionCookie(reply, token, opts.secureCookies);
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
