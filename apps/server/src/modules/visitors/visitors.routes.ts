import {
  badgeNumberParams,
  badgeVerificationResponse,
  idSchema,
  KIOSK_DEFAULT_TENANT,
  staffVisitorCheckInBody,
  visitorBadgeRevokeBody,
  visitorCheckInBody,
  visitorDailyQuery,
  visitorCheckOutBody,
  visitorExportQuery,
  visitorListQuery,
  visitorPolicyOf,
  visitorRestrictBody,
  VISITORS_ACCESS,
  tenantSelector,
  visitorBadgeResponse,
  visitorCheckInResponse,
  visitorDailyResponse,
  visitorKioskPolicyResponse,
  visitorListResponse,
  visitorResponse,
  visitorStatsResponse,
  type VisitorKioskPolicy,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import { defineRoute } from '../../platform/route/index.js';
import { checkInVisitor, kioskCheckIn } from './check-in.service.js';
import { MissCounter } from './miss-counter.js';
import { dailyVisitors, exportVisitorsCsv, visitorStats } from './visitor-stats.service.js';
import {
  checkOutVisitor,
  getVisitor,
  listVisitors,
  reprintBadge,
  restrictVisitor,
  revokeBadge,
  unrestrictVisitor,
  verifyBadge,
} from './visitors.service.js';

/** Kiosk check-ins per address per minute (at least 30). */
const CHECK_IN_LIMIT_PER_MINUTE = 30;
/** Patient names a kiosk address may get wrong in 10 minutes before it must wait: no guessing who is in. */
const MISSES_PER_WINDOW = 10;
const MISS_WINDOW_MS = 10 * 60_000;
const KIOSK_CHECK_IN = '/api/visitors/check-in';
/** Kiosk policy reads per address per minute (a kiosk reads it when it starts). */
const POLICY_READS_PER_MINUTE = 60;

const idParams = z.object({ id: idSchema });
const access = VISITORS_ACCESS.manage;

/**
 * Visitors: the public kiosk check-in, and the console's list, stats, detail, staff check-in,
 * check-out, restriction, badge verification, reprint and revocation, daily report and CSV export.
 */
export async function visitorRoutes(app: FastifyInstance) {
  const limiter = new RateLimiter(CHECK_IN_LIMIT_PER_MINUTE, 60_000);
  const misses = new MissCounter(MISSES_PER_WINDOW, MISS_WINDOW_MS, 'visitor-kiosk-miss');
  misses.guard(app, KIOSK_CHECK_IN);
  defineRoute(
    app,
    {
      caller: 'public',
      method: 'POST',
      url: KIOSK_CHECK_IN,
      summary: 'Visitor kiosk check-in: the visiting policy enforced, a visit and its badge',
      body: visitorCheckInBody,
      reply: visitorCheckInResponse,
      status: 201,
      defaultOrganizationId: KIOSK_DEFAULT_TENANT,
      feature: 'visitorManagement',
      rateLimit: { limiter, scope: 'visitor-kiosk' },
      idempotent: true,
    },
    async (ctx, { body }, request) => {
      try {
        const result = await kioskCheckIn(ctx, body);
        return 'visitor' in result ? { success: true, ...result } : result;
      } catch (error) {
        if (error instanceof AppError && error.code === 'visitors/patient-not-found') misses.miss(request);
        throw error;
      }
    },
  );

  const policyLimiter = new RateLimiter(POLICY_READS_PER_MINUTE, 60_000);
  defineRoute(
    app,
    {
      caller: 'public',
      method: 'GET',
      url: '/api/visitors/kiosk-policy',
      summary:
        "The visitor kiosk's policy from the organization's settings: how it asks for the patient (name, or room number too), visiting hours, visitors per patient, badge validity",
      query: tenantSelector,
      reply: visitorKioskPolicyResponse,
      defaultOrganizationId: KIOSK_DEFAULT_TENANT,
      feature: 'visitorManagement',
      rateLimit: { limiter: policyLimiter, scope: 'visitor-kiosk-policy' },
    },
    async (ctx): Promise<VisitorKioskPolicy> => {
      const { patientLookup, visitingHoursStart, visitingHoursEnd, maxVisitorsPerPatient, badgeValidHours } = visitorPolicyOf(
        ctx.tenant.organization.settings,
      );
      return { success: true, patientLookup, visitingHoursStart, visitingHoursEnd, maxVisitorsPerPatient, badgeValidHours };
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/visitors',
      summary: 'List visitors (search, status, page)',
      access,
      query: visitorListQuery,
      reply: visitorListResponse,
    },
    async (ctx, { query }) => ({ success: true, ...(await listVisitors(ctx, query)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/visitors',
      summary: 'Staff check-in of a visitor (hours may be overridden with a reason)',
      access,
      body: staffVisitorCheckInBody,
      reply: visitorCheckInResponse,
      status: 201,
    },
    async (ctx, { body }) => {
      const result = await checkInVisitor(ctx, body, { via: 'staff', body });
      return 'visitor' in result ? { success: true, ...result } : result;
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/visitors/stats',
      summary: "Visitor stats: today's figures (any member: the dashboard's Visitors tab)",
      access: VISITORS_ACCESS.stats,
      reply: visitorStatsResponse,
    },
    async (ctx) => ({ success: true, stats: await visitorStats(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/visitors/export.csv',
      summary: 'Visitors of a date range as CSV (today by default)',
      access,
      query: visitorExportQuery,
      replyMedia: 'text/csv',
      reply: z.string(),
    },
    async (ctx, { query }, _request, reply) => {
      const { csv, filename } = await exportVisitorsCsv(ctx, query);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
      return Buffer.from(csv, 'utf8');
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/visitors/daily',
      summary: 'Visitors checked in per day over a date range (today by default)',
      access,
      query: visitorDailyQuery,
      reply: visitorDailyResponse,
    },
    async (ctx, { query }) => ({ success: true, ...(await dailyVisitors(ctx, query)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/visitors/:id/badge/reprint',
      summary: "Reprint a visitor's valid badge (same number, marked printed)",
      access,
      params: idParams,
      reply: visitorBadgeResponse,
    },
    async (ctx, { params }) => ({ success: true, ...(await reprintBadge(ctx, params.id)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/visitors/:id/badge/revoke',
      summary: "Revoke a visitor's badge: it no longer admits, and the visitor is checked out",
      access,
      params: idParams,
      body: visitorBadgeRevokeBody,
      reply: visitorBadgeResponse,
    },
    async (ctx, { params, body }) => ({ success: true, ...(await revokeBadge(ctx, params.id, body.reason)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/visitors/badges/:badgeNumber',
      summary: 'Verify a visitor badge by its number',
      access,
      params: badgeNumberParams,
      reply: badgeVerificationResponse,
    },
    async (ctx, { params }) => ({ success: true, ...(await verifyBadge(ctx, params.badgeNumber)) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/visitors/:id',
      summary: 'One visitor, with their visit history',
      access,
      params: idParams,
      reply: visitorResponse,
    },
    async (ctx, { params }) => ({ success: true, visitor: await getVisitor(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/visitors/:id/check-out',
      summary: 'Check a visitor out (optional rating 1-5)',
      access,
      params: idParams,
      body: visitorCheckOutBody,
      reply: visitorResponse,
      objectBody: true,
    },
    async (ctx, { params, body }) => ({ success: true, visitor: await checkOutVisitor(ctx, params.id, body.rating) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/visitors/:id/restrict',
      summary: 'Restrict a visitor: the kiosk refuses them from now on',
      access,
      params: idParams,
      body: visitorRestrictBody,
      reply: visitorResponse,
    },
    async (ctx, { params, body }) => ({ success: true, visitor: await restrictVisitor(ctx, params.id, body.reason) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/visitors/:id/unrestrict',
      summary: "Lift a visitor's restriction",
      access,
      params: idParams,
      body: visitorRestrictBody,
      reply: visitorResponse,
    },
    async (ctx, { params, body }) => ({ success: true, visitor: await unrestrictVisitor(ctx, params.id, body.reason) }),
  );
}
