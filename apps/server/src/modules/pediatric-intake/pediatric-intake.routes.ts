import {
  INTAKE_TOKEN_HEADER,
  KIOSK_DEFAULT_TENANT,
  PEDIATRIC_INTAKE_ACCESS,
  intakePatientParams,
  intakeQueueBody,
  intakeQueueResponse,
  pediatricIntakeBody,
  pediatricIntakeResponse,
} from '@clinic/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimiter } from '../../platform/rate-limit.js';
import { defineRoute } from '../../platform/route/index.js';
import { tokenFrom } from '../../platform/sessions.js';
import type { EntryScoringRecorder } from '../queue/index.js';
import { queueIntakePatient, submitIntake } from './intake.service.js';

/** Intake submissions an address may make per minute (the kiosk's allowance). */
const INTAKE_LIMIT_PER_MINUTE = 30;

/** The intake's token header, if one was sent. */
export function intakeTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[INTAKE_TOKEN_HEADER];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Staff act with their session, unless the call carries an intake's token (then it is the intake's). */
export const intakeCallAsStaff = (request: FastifyRequest) => intakeTokenOf(request) === undefined && tokenFrom(request) !== null;

/** The public pediatric intake: its submit and its queue call (scored through `recordScoring`: the emergency room's, from app.ts). */
export async function pediatricIntakeRoutes(app: FastifyInstance, { recordScoring }: { recordScoring: EntryScoringRecorder }) {
  // One allowance per address for the submit and the queue call.
  const limiter = new RateLimiter(INTAKE_LIMIT_PER_MINUTE, 60_000);
  defineRoute(
    app,
    {
      caller: 'public',
      method: 'POST',
      url: '/api/patients/pediatric',
      summary: 'Pediatric intake: create the patient and the intake record; answers a token for the enrol and queue calls',
      body: pediatricIntakeBody,
      // Only what the submission made: its ids and its token (the contract is strict).
      reply: pediatricIntakeResponse,
      status: 201,
      defaultOrganizationId: KIOSK_DEFAULT_TENANT,
      rateLimit: { limiter, scope: 'pediatric-intake' },
      idempotent: { scope: 'pediatric-intake.submit' },
    },
    async (ctx, { body }) => ({ success: true, ...(await submitIntake(ctx, body)) }),
  );

  defineRoute(
    app,
    {
      caller: 'public-or-session',
      method: 'POST',
      url: '/api/patients/pediatric/:patientId/queue',
      summary: "Queue an intake's patient (pediatric-general, routine, 30 minutes): staff, or the intake's X-Intake-Token once",
      access: PEDIATRIC_INTAKE_ACCESS.queue,
      params: intakePatientParams,
      body: intakeQueueBody,
      reply: intakeQueueResponse,
      status: 201,
      defaultOrganizationId: KIOSK_DEFAULT_TENANT,
      rateLimit: { limiter, scope: 'pediatric-intake' },
      asStaff: intakeCallAsStaff,
    },
    async (ctx, { params }, request) => ({
      success: true,
      ...(await queueIntakePatient(ctx, params.patientId, intakeTokenOf(request), recordScoring)),
    }),
  );
}
