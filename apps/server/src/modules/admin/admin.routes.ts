import { ADMIN_ACCESS, adminLogsQuery, adminLogsResponse, adminOverviewResponse } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { auditTrailCsv, readAuditTrail } from '../../platform/audit-trail.js';
import { defineRoute } from '../../platform/route/index.js';
import { adminOverview } from './overview.service.js';

const scope = 'organization' as const;

/** Whether the logs are asked as CSV: `format=csv`, or `Accept: text/csv` when no format is named. */
const wantsCsv = (format: 'json' | 'csv' | undefined, accept: string | undefined) =>
  format === 'csv' || (format === undefined && /\btext\/csv\b/i.test(accept ?? ''));

/** The organization's administration: its figures at a glance and its audit trail with the CSV export. */
export async function adminRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/admin/overview',
      summary: 'The organization at a glance: members, invitations, patients, the queue today, alerts, pages and sign-in security',
      access: ADMIN_ACCESS.overview,
      scope,
      reply: adminOverviewResponse,
    },
    async (ctx) => ({ success: true, overview: await adminOverview(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/admin/logs',
      summary: 'The audit trail filtered by actor, action, entity and dates: a page as JSON, or every matching row as CSV',
      access: ADMIN_ACCESS.logs,
      scope,
      query: adminLogsQuery,
      replyMedia: ['application/json', 'text/csv'],
      reply: adminLogsResponse,
    },
    async (ctx, { query }, request, reply) => {
      const csv = wantsCsv(query.format, request.headers.accept);
      const { rows, total } = await readAuditTrail(ctx, query, csv, { read: 'admin.logs-read', exported: 'admin.logs-exported' });
      reply.header('cache-control', 'no-store');
      if (!csv) return { success: true, logs: rows, total, page: query.page, limit: query.limit };
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit-logs.csv"');
      return Buffer.from(auditTrailCsv(rows), 'utf8');
    },
  );
}
