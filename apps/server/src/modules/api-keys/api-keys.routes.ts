import { API_KEYS_ACCESS, apiKeyListResponse, createApiKeyBody, createApiKeyResponse, idSchema, revokeApiKeyResponse } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../platform/route/index.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';

/** Keys belong to the organization, not to one clinic. */
const scope = 'organization';
const idParams = z.object({ id: idSchema });

/** The organization's API keys for the FHIR server: create (the secret shown once), list, revoke. */
export async function apiKeyRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/organizations/api-keys',
      summary: 'Create an API key (its secret is in this answer only)',
      access: API_KEYS_ACCESS.manage,
      scope,
      body: createApiKeyBody,
      reply: createApiKeyResponse,
      objectBody: true,
      status: 201,
    },
    async (ctx, { body }) => ({ success: true, ...(await createApiKey(ctx, body)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/organizations/api-keys',
      summary: "The organization's API keys",
      access: API_KEYS_ACCESS.manage,
      scope,
      reply: apiKeyListResponse,
    },
    async (ctx) => ({ success: true, keys: await listApiKeys(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'DELETE',
      url: '/api/organizations/api-keys/:id',
      summary: 'Revoke an API key',
      access: API_KEYS_ACCESS.manage,
      scope,
      params: idParams,
      reply: revokeApiKeyResponse,
    },
    async (ctx, { params }) => ({ success: true, key: await revokeApiKey(ctx, params.id) }),
  );
}
