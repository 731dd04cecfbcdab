import {
  KIOSK_DEFAULT_TENANT,
  TRIALS_ACCESS,
  adverseEventBody,
  adverseEventListQuery,
  adverseEventListResponse,
  adverseEventResponse,
  enrollBody,
  enrollmentListResponse,
  enrollmentResponse,
  idSchema,
  reportParams,
  reportQuery,
  resolveAdverseEventBody,
  trialBody,
  trialListResponse,
  trialReadResponse,
  trialResponse,
  trialReportResponse,
  visitCompletionBody,
  visitParams,
  withdrawBody,
  type TrialReportId,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CriticalAlertPager } from '../../platform/critical-alerts.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import { defineRoute } from '../../platform/route/index.js';
import { tokenFrom } from '../../platform/sessions.js';
import { intakeCallAsStaff, intakeTokenOf } from '../pediatric-intake/index.js';
import { listRecentAdverseEvents, listTrialAdverseEvents, reportAdverseEvent, resolveAdverseEvent } from './adverse-events.service.js';
import { completeVisit, enrollPatient, listEnrollments, withdrawEnrollment } from './enrollments.service.js';
import { trialReport } from './trial-reports.service.js';
import { createTrial, getPublicTrial, getTrial, listTrials, updateTrial } from './trials.service.js';

const idParams = z.object({ id: idSchema });
/** `?view=public`: the intake page's read, what anyone may see, even from a signed-in browser. */
const trialQuery = z.object({ view: z.enum(['public']).optional() });

/** Public reads and enrolments an address may make per minute. */
const PUBLIC_LIMIT_PER_MINUTE = 60;

/**
 * The clinical trial dashboard's API, and the intake's trial read and enrolment. A serious adverse
 * event pages the doctor on call through `pageCriticalAlert` (paging's, from app.ts).
 */
export async function clinicalTrialRoutes(app: FastifyInstance, { pageCriticalAlert }: { pageCriticalAlert: CriticalAlertPager }) {
  const limiter = new RateLimiter(PUBLIC_LIMIT_PER_MINUTE, 60_000);
  const access = TRIALS_ACCESS.manage;

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/clinical-trials',
      summary: "The organization's clinical trials",
      access,
      reply: trialListResponse,
    },
    async (ctx) => ({
      success: true,
      trials: await listTrials(ctx),
    }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/clinical-trials',
      summary: 'Create a clinical trial',
      access,
      body: trialBody,
      reply: trialResponse,
      status: 201,
    },
    async (ctx, { body }) => ({ success: true, trial: await createTrial(ctx, body) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/clinical-trials/adverse-events',
      summary: "The organization's latest adverse events across trials",
      access,
      query: adverseEventListQuery,
      reply: adverseEventListResponse,
    },
    async (ctx, { query }) => ({ success: true, adverseEvents: await listRecentAdverseEvents(ctx, query.limit) }),
  );

  defineRoute(
    app,
    {
      caller: 'public-or-session',
      method: 'GET',
      url: '/api/clinical-trials/:id',
      summary: 'A clinical trial: in full for staff; id, title, status and age range of a recruiting trial for anyone else',
      access,
      params: idParams,
      query: trialQuery,
      reply: trialReadResponse,
      defaultOrganizationId: KIOSK_DEFAULT_TENANT,
      rateLimit: { limiter, scope: 'clinical-trial-public' },
      asStaff: (request) => tokenFrom(request) !== null && (request.query as { view?: unknown } | undefined)?.view !== 'public',
    },
    async (ctx, { params }) => ({ success: true, trial: ctx.signedIn ? await getTrial(ctx, params.id) : await getPublicTrial(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'PUT',
      url: '/api/clinical-trials/:id',
      summary: 'Edit a clinical trial',
      access,
      params: idParams,
      body: trialBody,
      reply: trialResponse,
    },
    async (ctx, { params, body }) => ({ success: true, trial: await updateTrial(ctx, params.id, body) }),
  );

  defineRoute(
    app,
    {
      caller: 'public-or-session',
      method: 'POST',
      url: '/api/clinical-trials/:id/enroll',
      summary: "Enrol a patient: staff with the patients permission, or an intake's X-Intake-Token once",
      access: TRIALS_ACCESS.enroll,
      params: idParams,
      body: enrollBody,
      reply: enrollmentResponse,
      status: 201,
      defaultOrganizationId: KIOSK_DEFAULT_TENANT,
      rateLimit: { limiter, scope: 'clinical-trial-enroll' },
      asStaff: intakeCallAsStaff,
    },
    async (ctx, { params, body }, request) => ({
      success: true,
      enrollment: await enrollPatient(ctx, params.id, body, intakeTokenOf(request)),
    }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/clinical-trials/:id/enrollments',
      summary: "A trial's enrolments with visit schedules",
      access,
      params: idParams,
      reply: enrollmentListResponse,
    },
    async (ctx, { params }) => ({ success: true, enrollments: await listEnrollments(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/clinical-trials/:id/adverse-events',
      summary: "A trial's adverse events",
      access,
      params: idParams,
      reply: adverseEventListResponse,
    },
    async (ctx, { params }) => ({ success: true, adverseEvents: await listTrialAdverseEvents(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/clinical-trials/:id/adverse-events',
      summary: 'Report an adverse event of an enrolled patient (a serious one raises a safety alert)',
      access,
      params: idParams,
      body: adverseEventBody,
      reply: adverseEventResponse,
      status: 201,
    },
    async (ctx, { params, body }) => ({ success: true, adverseEvent: await reportAdverseEvent(ctx, params.id, body, pageCriticalAlert) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/clinical-trials/adverse-events/:id/resolve',
      summary: 'Mark an adverse event resolved',
      access,
      params: idParams,
      body: resolveAdverseEventBody,
      objectBody: true,
      reply: adverseEventResponse,
    },
    async (ctx, { params, body }) => ({ success: true, adverseEvent: await resolveAdverseEvent(ctx, params.id, body.actionTaken) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/clinical-trials/enrollments/:id/withdraw',
      summary: 'Withdraw an enrolment',
      access,
      params: idParams,
      body: withdrawBody,
      reply: enrollmentResponse,
    },
    async (ctx, { params, body }) => ({ success: true, enrollment: await withdrawEnrollment(ctx, params.id, body.reason) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/clinical-trials/enrollments/:id/visits/:visitNumber/complete',
      summary: 'Record a scheduled visit as completed',
      access,
      params: visitParams,
      body: visitCompletionBody,
      objectBody: true,
      reply: enrollmentResponse,
    },
    async (ctx, { params, body }) => ({
      success: true,
      enrollment: await completeVisit(ctx, params.id, params.visitNumber, body.completedDate),
    }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/clinical-trials/:id/reports/:report',
      summary: "One of a trial's seven reports, as CSV or a printable HTML page",
      access,
      params: reportParams,
      query: reportQuery,
      // The CSV by default; `?format=html` answers the printable page.
      reply: trialReportResponse,
      replyMedia: ['text/csv', 'text/html'],
    },
    async (ctx, { params, query }, _request, reply) => {
      const r = await trialReport(ctx, params.id, params.report as TrialReportId, query.format);
      reply
        .header('content-type', r.contentType)
        .header('content-disposition', `${query.format === 'csv' ? 'attachment' : 'inline'}; filename="${r.filename}"`);
      return Buffer.from(r.body, 'utf8');
    },
  );
}
