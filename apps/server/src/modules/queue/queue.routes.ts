import {
  assignClinicianBody,
  completeCareBody,
  startCareBody,
  idSchema,
  KIOSK_DEFAULT_TENANT,
  publicBoardQuery,
  publicBoardResponse,
  QUEUE_ACCESS,
  queueActionBody,
  queueEntryResponse,
  queueHistoryResponse,
  queueStatsResponse,
  queueStatusUpdateBody,
  recordVitalsBody,
  waitingRoomResponse,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RateLimiter } from '../../platform/rate-limit.js';
import { defineRoute, JsonAnswer } from '../../platform/route/index.js';
import type { EntryScoringRecorder } from './queue-alerts.js';
import { publicBoardOf, queueStats, waitingRoom } from './queue-lists.js';
import { assignClinician, changeStatus, entryHistory, recordVitals } from './queue.service.js';

const idParams = z.object({ id: idSchema });
const access = QUEUE_ACCESS.manage;
const STATUS_ACTIONS = ['start', 'complete', 'cancel', 'admit', 'emergency-admit'] as const;
/** Start and Complete Care also take what the analytics capture (final priority, rating). */
const ACTION_BODIES = {
  start: startCareBody,
  complete: completeCareBody,
  cancel: queueActionBody,
  admit: queueActionBody,
  'emergency-admit': queueActionBody,
} as const;

/** What the queue's routes need besides: where a scoring of recorded vital signs is kept (the emergency room's). */
export interface QueueRoutesOptions {
  recordScoring: EntryScoringRecorder;
}

/** The staff waiting room, its actions, and the public de-identified board. */
export async function queueRoutes(app: FastifyInstance, { recordScoring }: QueueRoutesOptions) {
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/triage/waiting-room',
      summary: 'Open queue entries of the clinic, with stats',
      access,
      reply: waitingRoomResponse,
    },
    async (ctx) => {
      const { patientsJson, stats } = await waitingRoom(ctx);
      return new JsonAnswer({ success: true, stats }, { patients: patientsJson });
    },
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/triage/waiting-room/stats',
      summary: 'Queue stats of the clinic',
      access,
      reply: queueStatsResponse,
    },
    async (ctx) => ({ success: true, stats: await queueStats(ctx) }),
  );

  for (const action of STATUS_ACTIONS) {
    defineRoute(
      app,
      {
        caller: 'session',
        method: 'POST',
        url: `/api/triage/waiting-room/:id/${action}`,
        summary: `Queue action: ${action}`,
        access,
        params: idParams,
        body: ACTION_BODIES[action],
        reply: queueEntryResponse,
      },
      async (ctx, { params, body }) => ({
        success: true,
        patient: await changeStatus(ctx, params.id, { action }, body.note, 'finalPriority' in body || 'rating' in body ? body : {}),
      }),
    );
  }

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/triage/waiting-room/:id/assign',
      summary: 'Assign a clinician',
      access,
      params: idParams,
      body: assignClinicianBody,
      reply: queueEntryResponse,
    },
    async (ctx, { params, body }) => ({ success: true, patient: await assignClinician(ctx, params.id, body) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/triage/waiting-room/:id/vitals',
      summary: 'Record vital signs (re-scores risk and NEWS2)',
      access,
      params: idParams,
      body: recordVitalsBody,
      reply: queueEntryResponse,
    },
    async (ctx, { params, body }) => ({ success: true, patient: await recordVitals(ctx, params.id, body, recordScoring) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/triage/waiting-room/:id/history',
      summary: 'Status history of an entry',
      access,
      params: idParams,
      reply: queueHistoryResponse,
    },
    async (ctx, { params }) => ({ success: true, transitions: await entryHistory(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'PUT',
      url: '/api/triage/case/:id/status',
      summary: 'Change the status of a case (Start Care)',
      access,
      params: idParams,
      body: queueStatusUpdateBody,
      reply: queueEntryResponse,
    },
    async (ctx, { params, body }) => ({
      success: true,
      patient: await changeStatus(ctx, params.id, { to: body.status }, undefined, { finalPriority: body.finalPriority }),
    }),
  );

  const boardLimiter = new RateLimiter(120, 60_000);
  defineRoute(
    app,
    {
      caller: 'public',
      method: 'GET',
      url: '/api/triage/cds-queue/public',
      summary: 'De-identified queue board (queue numbers, initials, urgency, waits)',
      query: publicBoardQuery,
      reply: publicBoardResponse,
      defaultOrganizationId: KIOSK_DEFAULT_TENANT,
      rateLimit: { limiter: boardLimiter, scope: 'board' },
    },
    async (ctx) => ({ success: true, ...(await publicBoardOf(ctx)) }),
  );
}
