import { DASHBOARD_ACCESS } from '@clinic/domain';
import { dashboardStatsResponse } from '@clinic/domain/contracts/dashboard';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/route/index.js';
import { dashboardStats } from './dashboard.service.js';

/** The dashboard's stat cards. */
export async function dashboardRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/dashboard/stats',
      summary: 'Total patients, active queue, completed today, average wait',
      access: DASHBOARD_ACCESS.view,
      reply: dashboardStatsResponse,
    },
    async (ctx) => ({ success: true, stats: await dashboardStats(ctx) }),
  );
}
