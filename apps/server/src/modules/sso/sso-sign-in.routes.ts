import { authOkResponse, ssoCallbackQuery, ssoCallbackReply, ssoLinkBody, ssoStartBody, ssoStartReply } from '@clinic/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appOrigin, type LinkConfig } from '../../platform/links.js';
import { outboundFetch } from '../../platform/outbound-fetch.js';
import type { OutboundPolicy } from '../../platform/outbound.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import { defineRoute } from '../../platform/route/index.js';
import { secureCookiesFor } from '../../platform/security-headers.js';
import { createSession, setSessionCookie } from '../../platform/sessions.js';
import { SIGN_IN_MINUTES } from './sign-in-records.js';
import { confirmLink } from './sso-link.service.js';
import { completeSignIn, startSignIn, type SignInEnvironment } from './sso-sign-in.service.js';
import { callbackAddress } from './sso-settings.js';

/** The cookie that binds a sign-in under way to the browser that started it. */
export const SSO_BROWSER_COOKIE = 'sso_browser';
const COOKIE_PATH = '/api/auth/sso';
/** Starts one address may make a minute (each makes a row and a request to the provider). */
export const SSO_STARTS_PER_MINUTE = 20;
/** Callbacks one address may make a minute. */
export const SSO_CALLBACKS_PER_MINUTE = 20;

/** What the sign-in routes need besides the database. */
export interface SsoSignInOptions {
  links: LinkConfig;
  outbound: OutboundPolicy;
  secureCookies: boolean;
  publicUrl?: string;
}

/** Single sign-on: the start, the provider's callback, and the link an existing account confirms. */
export async function ssoSignInRoutes(app: FastifyInstance, opts: SsoSignInOptions) {
  const secure = secureCookiesFor(opts);
  const environment = (request: FastifyRequest, origin: string): SignInEnvironment => ({
    fetch: outboundFetch(opts.outbound, request.log),
    log: request.log,
    redirectUri: callbackAddress(origin),
  });
  // Counted per address in PostgreSQL (every instance counts into the same windows).
  const startLimiter = new RateLimiter(SSO_STARTS_PER_MINUTE, 60_000);
  const callbackLimiter = new RateLimiter(SSO_CALLBACKS_PER_MINUTE, 60_000);

  defineRoute(
    app,
    {
      caller: 'public',
      tenant: 'none',
      method: 'POST',
      url: '/api/auth/sso/start',
      summary: "Start a single sign-on for an e-mail (its verified domain) or an organization's sign-in link; answers where the browser goes",
      body: ssoStartBody,
      reply: ssoStartReply,
      rateLimit: { limiter: startLimiter, scope: 'sso-start' },
    },
    async (ctx, { body }, request, reply) => {
      const origin = appOrigin(opts.links, request);
      const started = await startSignIn(ctx, body, environment(request, origin));
      if (started.browser) {
        reply.setCookie(SSO_BROWSER_COOKIE, started.browser, {
          httpOnly: true,
          sameSite: 'lax',
          secure: secure(request),
          path: COOKIE_PATH,
          maxAge: SIGN_IN_MINUTES * 60,
        });
      }
      return { success: true, redirectUrl: started.redirectUrl };
    },
  );

  /** Answers the callback with a redirect to the web app, the browser's sign-in cookie cleared. */
  const redirect = (reply: FastifyReply, url: string) => {
    reply.clearCookie(SSO_BROWSER_COOKIE, { path: COOKIE_PATH });
    reply.header('location', url);
    return { success: true as const, redirectUrl: url };
  };

  defineRoute(
    app,
    {
      caller: 'public',
      tenant: 'none',
      method: 'GET',
      url: '/api/auth/sso/callback',
      summary: "The identity provider's redirect back: a 302 to /dashboard signed in, or to /login with sso_error or sso_link",
      query: ssoCallbackQuery,
      reply: ssoCallbackReply,
      status: 302,
      rateLimit: { limiter: callbackLimiter, scope: 'sso-callback' },
    },
    async (ctx, { query }, request, reply) => {
      const origin = appOrigin(opts.links, request);
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const url = new URL(`${callbackAddress(origin)}${search}`);
      const browser = request.cookies[SSO_BROWSER_COOKIE];
      const outcome = await completeSignIn(ctx, { state: query.state, error: query.error, url, browser }, environment(request, origin));
      if (outcome.kind === 'refused') return redirect(reply, `${origin}/login?sso_error=${outcome.code}`);
      if (outcome.kind === 'link') return redirect(reply, `${origin}/login?sso_link=${encodeURIComponent(outcome.token)}`);
      // A session exactly as a password sign-in makes one.
      const token = await createSession(ctx.db, outcome.user.id, request);
      setSessionCookie(reply, token, secure(request));
      return redirect(reply, `${origin}/dashboard`);
    },
  );

  defineRoute(
    app,
    {
      caller: 'account',
      method: 'POST',
      url: '/api/auth/sso/link',
      summary: "Link the identity a single sign-on left to the signed-in account, which must be the link's own (used once)",
      body: ssoLinkBody,
      reply: authOkResponse,
    },
    async (ctx, { body }) => {
      await confirmLink(ctx, body.token);
      return { success: true };
    },
  );
}
