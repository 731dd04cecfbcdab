import {
  ANALYTICS_ACCESS,
  analyticsBusinessResponse,
  analyticsExportQuery,
  analyticsOverviewQuery,
  analyticsOverviewResponse,
  analyticsPatientsResponse,
  analyticsRangeOverviewResponse,
  analyticsRangeQuery,
  analyticsTriageResponse,
} from '@clinic/domain';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/route/index.js';
import { exportReport } from './analytics-export.js';
import { analyticsOverview, businessReport, patientsReport, rangeOverview, resolveRange, triageReport } from './analytics.service.js';

const access = ANALYTICS_ACCESS.view;

/** The dashboard's Analytics Overview widget and the /analytics page's reports. */
export async function analyticsRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/analytics-overview/overview',
      summary: 'The seven analytics figures of the clinic for a period (week, month, quarter), with trends against the previous one',
      access,
      query: analyticsOverviewQuery,
      reply: analyticsOverviewResponse,
    },
    async (ctx, { query }) => ({ success: true, ...(await analyticsOverview(ctx, query)) }),
  );

  const reports = [
    ['/api/analytics/overview', 'Visits per day and totals over a range of local days', rangeOverview, analyticsRangeOverviewResponse],
    ['/api/analytics/triage', 'Urgency mix, median wait by urgency and AI agreement over a range', triageReport, analyticsTriageResponse],
    [
      '/api/analytics/patients',
      'Busiest hours, top chief complaints and distinct patients over a range',
      patientsReport,
      analyticsPatientsResponse,
    ],
    ['/api/analytics/business', 'Revenue by visit type, ratings and doctor utilization over a range', businessReport, analyticsBusinessResponse],
  ] as const;
  for (const [url, summary, report, reply] of reports) {
    defineRoute(app, { caller: 'session', method: 'GET', url, summary, access, query: analyticsRangeQuery, reply }, async (ctx, { query }) => ({
      success: true,
      ...(await report(ctx, resolveRange(ctx, query))),
    }));
  }

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/analytics/export',
      summary: 'One chart of the analytics page as CSV',
      access,
      query: analyticsExportQuery,
      replyMedia: 'text/csv',
      reply: z.string(),
    },
    async (ctx, { query }, _request, reply) => {
      const range = resolveRange(ctx, query);
      const csv = await exportReport(ctx, query.report, range);
      reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${query.report}_${range.from}_${range.to}.csv"`);
      // A Buffer goes out as it is (the route helper's handlers answer objects).
      return Buffer.from(csv, 'utf8');
    },
  );
}
