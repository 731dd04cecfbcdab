import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteContract } from '../openapi.js';

/**
 * Checks every success reply against its route's `reply` contract; tests turn it on
 * (`AppDeps.checkReplies`). A reply that breaks its contract becomes a 500 naming the route and the
 * zod issues, so the test that made the request fails with the reason in its message. Production
 * does not pay for the check.
 */
export const replyCheckPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const contract = (request.routeOptions.config as { contract?: RouteContract } | undefined)?.contract;
      const body = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
      if (!contract?.reply || reply.statusCode < 200 || reply.statusCode >= 300 || typeof body !== 'string') return payload;
      const json = String(reply.getHeader('content-type') ?? 'application/json').includes('json');
      const checked = contract.reply.safeParse(json ? JSON.parse(body) : body);
      if (checked.success) return payload;
      reply.status(500);
      const message = `The reply of ${request.method} ${request.routeOptions.url} breaks its contract`;
      return JSON.stringify({ success: false, error: message, message, code: 'internal', issues: checked.error.issues });
    });
  },
  { name: 'reply-check' },
);
