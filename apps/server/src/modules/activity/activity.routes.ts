import { ACTIVITY_ACCESS, activityQuery, recentActivityResponse } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/route/index.js';
import { recentActivity } from './activity.service.js';

/** The dashboard's Recent Activity panel and its full list. */
export async function activityRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/activity/recent',
      summary: 'Recent activity of the organization, newest first (limit, offset), with the total',
      access: ACTIVITY_ACCESS.view,
      query: activityQuery,
      reply: recentActivityResponse,
    },
    async (ctx, { query }) => ({ success: true, ...(await recentActivity(ctx, query)) }),
  );
}
