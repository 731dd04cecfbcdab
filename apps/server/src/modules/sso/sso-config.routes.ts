import { SSO_ACCESS, ssoConfigurationBody, ssoConfigurationResponse, ssoDomainParams, ssoDomainVerifyResponse } from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appOrigin, type LinkConfig } from '../../platform/links.js';
import { outboundFetch } from '../../platform/outbound-fetch.js';
import type { OutboundPolicy } from '../../platform/outbound.js';
import { defineRoute } from '../../platform/route/index.js';
import { verifyDomain, type TxtResolver } from './domain-verification.service.js';
import { checkIssuer, readSsoConfiguration, saveSsoConfiguration } from './sso-config.service.js';
import { callbackAddress, type SsoAddresses } from './sso-settings.js';

/** What the settings routes need besides the database. */
export interface SsoConfigOptions {
  links: LinkConfig;
  outbound: OutboundPolicy;
  resolveTxt: TxtResolver;
}

/** Settings' single sign-on panel: the provider, the claimed domains and their verification (Admins and the Owner). */
export async function ssoConfigRoutes(app: FastifyInstance, opts: SsoConfigOptions) {
  const addresses = (request: FastifyRequest, organizationId: string): SsoAddresses => {
    const origin = appOrigin(opts.links, request);
    return { redirectUri: callbackAddress(origin), signInUrl: `${origin}/login?sso=${encodeURIComponent(organizationId)}` };
  };

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/organizations/sso',
      summary: "The organization's single sign-on settings (the client secret is never returned)",
      access: SSO_ACCESS.manage,
      scope: 'organization',
      reply: ssoConfigurationResponse,
    },
    async (ctx, _input, request) => ({
      success: true,
      ssoConfiguration: await readSsoConfiguration(ctx, addresses(request, ctx.tenant.organizationId)),
    }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'PUT',
      url: '/api/organizations/sso',
      summary: 'Save the single sign-on settings: an enabled issuer is discovered first; a new domain starts unverified, a removed one is released',
      access: SSO_ACCESS.manage,
      scope: 'organization',
      body: ssoConfigurationBody,
      reply: ssoConfigurationResponse,
    },
    async (ctx, { body }, request) => {
      const where = addresses(request, ctx.tenant.organizationId);
      // Switching single sign-on off never waits on the provider: one that is gone must not keep it on.
      if (body.enabled) await checkIssuer(body, outboundFetch(opts.outbound, request.log), request.log);
      const ssoConfiguration = await ctx.tenantTx((tenant) => saveSsoConfiguration(tenant, body, where));
      return { success: true, ssoConfiguration };
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      tenant: 'on-demand',
      method: 'POST',
      url: '/api/organizations/sso/domains/:domain/verify',
      summary: 'Verify a claimed domain by its TXT record clinicflow-verification=<token> (409 when another organization verified it)',
      access: SSO_ACCESS.manage,
      scope: 'organization',
      params: ssoDomainParams,
      reply: ssoDomainVerifyResponse,
    },
    async (ctx, { params }) => ({ success: true, domain: await verifyDomain(ctx, params.domain, opts.resolveTxt) }),
  );
}
