import {
  aiRiskAssessBody,
  aiRiskAssessmentResponse,
  assessRisk,
  idSchema,
  TRIAGE_ACCESS,
  triageAssessBody,
  triageAssessmentActionBody,
  triageAssessmentDetailResponse,
  triageAssessmentResponse,
  triageHistoryResponse,
} from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../platform/route/index.js';
import { assess, assessmentById, history, recordAction } from './triage.service.js';

const idParams = z.object({ id: idSchema });
const access = TRIAGE_ACCESS.use;

/** AI triage assessments and the AI risk assessment of a patient. */
export async function triageRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/triage/assess',
      summary: 'Assess a symptom description',
      access,
      body: triageAssessBody,
      reply: triageAssessmentResponse,
    },
    async (ctx, { body }) => ({ success: true, assessment: await assess(ctx, body.symptoms) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/triage/history',
      summary: 'Your latest 10 assessments',
      access,
      reply: triageHistoryResponse,
    },
    async (ctx) => ({ success: true, assessments: await history(ctx) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'GET',
      url: '/api/triage/:id',
      summary: 'One triage assessment of the organization',
      access,
      params: idParams,
      reply: triageAssessmentDetailResponse,
    },
    async (ctx, { params }) => ({ success: true, assessment: await assessmentById(ctx, params.id) }),
  );

  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/triage/assessments/:id/action',
      summary: 'Accept Recommendation or Get Second Opinion',
      access,
      params: idParams,
      body: triageAssessmentActionBody,
      reply: triageAssessmentResponse,
    },
    async (ctx, { params, body }) => ({ success: true, assessment: await recordAction(ctx, params.id, body.action) }),
  );

  // Pure computation on what the caller sends: nothing is stored, so nothing is audited.
  defineRoute(
    app,
    {
      caller: 'session',
      method: 'POST',
      url: '/api/ai-risk/assess',
      summary: 'Risk score, urgency, factors and recommendations of a patient',
      access: TRIAGE_ACCESS.risk,
      body: aiRiskAssessBody,
      reply: aiRiskAssessmentResponse,
    },
    async (_ctx, { body }) => {
      const { breakdown: _b, assessmentBand: _a, ...assessment } = assessRisk(body.patient);
      return { success: true, assessment };
    },
  );
}
