import { epicJwks, idSchema } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RateLimiter } from '../../platform/rate-limit.js';
import { defineRoute } from '../../platform/route/index.js';
import { publishedKeys } from './signing-keys.js';

/** Reads of an organization's JWKS per address per minute (the EHR fetches it when it checks an assertion). */
const JWKS_LIMIT_PER_MINUTE = 60;

/** Where an organization's JWKS is published: the JWK Set URL to register in Epic's app registration. */
export const epicJwksPath = (organizationId: string) => `/api/integrations/epic/jwks.json?organizationId=${encodeURIComponent(organizationId)}`;

/**
 * The public half of SMART Backend Services: the organization's JWKS, which the EHR's token
 * endpoint reads to check the assertions the server signs. Public and rate limited like the other
 * public routes; it reads only the organization it names (an unknown or inactive one is a 404),
 * and publishes nothing but public keys.
 */
export async function integrationRoutes(app: FastifyInstance) {
  const limiter = new RateLimiter(JWKS_LIMIT_PER_MINUTE, 60_000);
  defineRoute(
    app,
    {
      caller: 'public',
      method: 'GET',
      url: '/api/integrations/epic/jwks.json',
      summary: "The organization's public keys for SMART Backend Services (JWK Set URL)",
      query: z.object({ organizationId: idSchema }),
      reply: epicJwks,
      rateLimit: { limiter, scope: 'epic-jwks' },
    },
    async (ctx) => ({ keys: await publishedKeys(ctx.tx, ctx.tenant.organizationId) }),
  );
}
