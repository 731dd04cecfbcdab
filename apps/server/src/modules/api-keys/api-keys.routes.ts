import { API_KEYS_ACCESS, createApiKeyBody, idSchema } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantRoute } from '../../platform/route.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';

/** Keys belong to the organization, not to one clinic. */
const scope = 'organization';
const idParams = z.object({ id: idSchema });

/** The organization's API keys for the FHIR server: create (the secret shown once), list, revoke. */
export async function apiKeyRoutes(app: FastifyInstance) {
  tenantRoute(
    app,
    {
      method: 'POST',
      url: '/api/organizations/api-keys',
      summary: 'Create an API key (its secret is in this answer only)',
      access: API_KEYS_ACCESS.manage,
      scope,
      body: createApiKeyBody,
      objectBody: true,
      status: 201,
    },
    async (ctx, { body }) => ({ success: true, ...(await createApiKey(ctx, body)) }),
  );

  tenantRoute(
    app,
    { method: 'GET', url: '/api/organizations/api-keys', summary: "The organization's API keys", access: API_KEYS_ACCESS.manage, scope },
    async (ctx) => ({ success: true, keys: await listApiKeys(ctx) }),
  );

  tenantRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/organizations/api-keys/:id',
      summary: 'Revoke an API key',
      access: API_KEYS_ACCESS.manage,
      scope,
      params: idParams,
    },
    async (ctx, { params }) => ({ success: true, key: await revokeApiKey(ctx, params.id) }),
  );
}
