import { auditTrailQuery, auditTrailResponse, soc2DashboardResponse, soc2ReportQuery, soc2ReportResponse, SOC2_ACCESS } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { auditTrailCsv, readAuditTrail } from '../../platform/audit-trail.js';
import { requestWindowOf } from '../../platform/request-window.js';
import { defineRoute } from '../../platform/route/index.js';
import { auditTrailPage, reportPage } from './soc2-pages.js';
import { soc2Dashboard, type Soc2Environment } from './soc2.service.js';

/** What the SOC 2 checks read of the deployment. */
export interface Soc2RouteOptions {
  publicUrl?: string;
  /** Where backups go (BACKUP_URL); unset means none is configured. */
  backupUrl?: string;
}

const scope = 'organization' as const;

/**
 * The SOC 2 dashboard: computed from the live system on each read; the dated printable
 * report (audited) and the audit trail viewer with its CSV export (audited).
 */
export async function soc2Routes(app: FastifyInstance, opts: Soc2RouteOptions) {
  const env: Soc2Environment = {
    publicUrl: opts.publicUrl ?? null,
    backupUrl: opts.backupUrl ?? null,
    requests: () => requestWindowOf(app).totals(),
  };
  const access = SOC2_ACCESS.view;

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/soc2/dashboard',
      summary: 'SOC 2 dashboard, computed from the live system',
      access,
      scope,
      reply: soc2DashboardResponse,
    },
    async (ctx) => ({
      success: true,
      dashboard: await soc2Dashboard(ctx, env),
    }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/soc2/generate-report',
      summary: 'A dated, printable SOC 2 report of the checks and their evidence',
      access,
      scope,
      query: soc2ReportQuery,
      // The page by default; `format=json` answers the same facts as JSON.
      replyMedia: 'text/html',
      reply: soc2ReportResponse,
    },
    async (ctx, { query }, _request, reply) => {
      const dashboard = await soc2Dashboard(ctx, env);
      await ctx.audit('soc2.report-generated', { type: 'soc2_report' }, { generatedAt: dashboard.lastUpdated });
      if (query.format === 'json') return { success: true, report: dashboard };
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      return Buffer.from(reportPage(ctx.tenant.organization.name, dashboard), 'utf8');
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/soc2/audit-trail',
      summary: 'The audit trail: filtered, paginated, CSV export',
      access,
      scope,
      query: auditTrailQuery,
      // The viewer page by default; `format=csv` answers the CSV file, `format=json` one page as JSON.
      replyMedia: ['text/html', 'text/csv'],
      reply: auditTrailResponse,
    },
    async (ctx, { query }, _request, reply) => {
      const { rows, total } = await readAuditTrail(ctx, query, query.format === 'csv', {
        read: 'soc2.audit-trail-read',
        exported: 'soc2.audit-trail-exported',
      });
      reply.header('cache-control', 'no-store');
      if (query.format === 'json') return { success: true, events: rows, total, page: query.page, limit: query.limit };
      if (query.format === 'csv') {
        reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit-trail.csv"');
        return Buffer.from(auditTrailCsv(rows), 'utf8');
      }
      reply.header('content-type', 'text/html; charset=utf-8');
      return Buffer.from(auditTrailPage(ctx.tenant.organization.name, query, rows, total), 'utf8');
    },
  );
}
