import {
  assignClinicianBody,
  idSchema,
  publicBoardQuery,
  queueActionBody,
  queueStatusUpdateBody,
  recordVitalsBody,
} from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDb } from '../../db/client.js';
import { inTenant, userOf } from '../../platform/access.js';
import { parse, parseBody } from '../../platform/parse.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import { assignClinician, changeStatus, entryHistory, publicBoardOf, queueStats, recordVitals, waitingRoom } from './queue.service.js';

const staffQueue = { tenant: true, permission: 'canManageQueue' } as const;
const idParams = z.object({ id: idSchema });
const STATUS_ACTIONS = ['start', 'complete', 'cancel', 'admit', 'emergency-admit'] as const;

const actorOf = (request: FastifyRequest) => ({ userId: userOf(request).id, ip: request.ip });

/** The staff waiting room, its actions, and the public de-identified board. */
export async function queueRoutes(app: FastifyInstance, opts: { db: AppDb }) {
  const { db } = opts;

  app.get('/api/triage/waiting-room', { config: { access: staffQueue, contract: { summary: 'Open queue entries of the clinic, with stats' } } }, async (request) => {
    return { success: true, ...(await inTenant(db, request, (tx, t) => waitingRoom(tx, t, actorOf(request)))) };
  });

  app.get('/api/triage/waiting-room/stats', { config: { access: staffQueue, contract: { summary: 'Queue stats of the clinic' } } }, async (request) => {
    const stats = await inTenant(db, request, (tx, t) => queueStats(tx, t.organizationId, t.clinicId));
    return { success: true, stats };
  });

  for (const action of STATUS_ACTIONS) {
    app.post(
      `/api/triage/waiting-room/:id/${action}`,
      { config: { access: staffQueue, contract: { summary: `Queue action: ${action}`, body: queueActionBody } } },
      async (request) => {
        const { id } = parse(idParams, request.params);
        const { note } = parseBody(queueActionBody, request);
        const patient = await inTenant(db, request, (tx, t) => changeStatus(tx, t, actorOf(request), id, { action }, note));
        return { success: true, patient };
      },
    );
  }

  app.post('/api/triage/waiting-room/:id/assign', { config: { access: staffQueue, contract: { summary: 'Assign a clinician', body: assignClinicianBody } } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const body = parseBody(assignClinicianBody, request);
    const patient = await inTenant(db, request, (tx, t) => assignClinician(tx, t, actorOf(request), id, body));
    return { success: true, patient };
  });

  app.post('/api/triage/waiting-room/:id/vitals', { config: { access: staffQueue, contract: { summary: 'Record vital signs (re-scores risk and NEWS2)', body: recordVitalsBody } } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const body = parseBody(recordVitalsBody, request);
    const patient = await inTenant(db, request, (tx, t) => recordVitals(tx, t, actorOf(request), id, body));
    return { success: true, patient };
  });

  app.get('/api/triage/waiting-room/:id/history', { config: { access: staffQueue, contract: { summary: 'Status history of an entry' } } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const transitions = await inTenant(db, request, (tx, t) => entryHistory(tx, t, actorOf(request), id));
    return { success: true, transitions };
  });

  app.put('/api/triage/case/:id/status', { config: { access: staffQueue, contract: { summary: 'Change the status of a case (Start Care)', body: queueStatusUpdateBody } } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const body = parseBody(queueStatusUpdateBody, request);
    const patient = await inTenant(db, request, (tx, t) => changeStatus(tx, t, actorOf(request), id, { to: body.status }));
    return { success: true, patient };
  });

  const boardLimiter = new RateLimiter(120, 60_000);
  app.get('/api/triage/cds-queue/public', { config: { access: { public: true }, contract: { summary: 'De-identified queue board (queue numbers, initials, urgency, waits)', query: publicBoardQuery } } }, async (request) => {
    boardLimiter.hitRequest(request, 'board');
    const query = parse(publicBoardQuery, request.query);
    const board = await publicBoardOf(db, query.organizationId, query.clinicId);
    return { success: true, ...board };
  });
}
