/** The sso module's public API: what app.ts and other modules may use (see ../README.md). */
import type { FastifyInstance } from 'fastify';
import type { LinkConfig } from '../../platform/links.js';
import type { OutboundPolicy } from '../../platform/outbound.js';
import { systemTxtResolver, type TxtResolver } from './domain-verification.service.js';
import { ssoConfigRoutes } from './sso-config.routes.js';
import { ssoSignInRoutes } from './sso-sign-in.routes.js';

export { ssoPasswordGate } from './sso-enforcement.js';
export { systemTxtResolver, txtResolverFor, type TxtResolver } from './domain-verification.service.js';

/** What the single sign-on routes need besides the database. */
export interface SsoRouteOptions {
  links: LinkConfig;
  /** The outbound guard's policy (`OUTBOUND_ALLOW`): discovery, tokens and keys go through it. */
  outbound: OutboundPolicy;
  /** Looks up TXT records for domain verification (`DNS_SERVERS`, or a test's own); unset: the system's DNS. */
  resolveTxt?: TxtResolver;
  secureCookies: boolean;
  publicUrl?: string;
}

/** Single sign-on's routes: the organization's settings, and the sign-in (start, callback, link). */
export async function ssoRoutes(app: FastifyInstance, opts: SsoRouteOptions) {
  await ssoConfigRoutes(app, { links: opts.links, outbound: opts.outbound, resolveTxt: opts.resolveTxt ?? systemTxtResolver });
  await ssoSignInRoutes(app, opts);
}
