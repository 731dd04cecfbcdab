import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client.js';
import { inTenant } from '../../platform/access.js';
import { dashboardStats } from './dashboard.service.js';

/** The dashboard's stat cards. */
export async function dashboardRoutes(app: FastifyInstance, opts: { db: AppDb }) {
  app.get('/api/dashboard/stats', { config: { access: { tenant: true }, contract: { summary: 'Total patients, active queue, completed today, average wait' } } }, async (request) => {
    return { success: true, stats: await inTenant(opts.db, request, (tx, t) => dashboardStats(tx, t)) };
  });
}
