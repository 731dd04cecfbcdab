import { TRIAGE_FEATURE_MESSAGE, aiRiskAssessBody, assessRisk, idSchema, triageAssessBody, triageAssessmentActionBody } from '@clinic/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDb } from '../../db/client.js';
import { inTenant, userOf } from '../../platform/access.js';
import { parse, parseBody } from '../../platform/parse.js';
import { assess, history, recordAction } from './triage.service.js';

const triageAccess = {
  tenant: true,
  permission: 'canAccessEmergencyRoom',
  feature: 'aiTriage',
  featureMessage: TRIAGE_FEATURE_MESSAGE,
} as const;

/** AI triage assessments and the AI risk assessment of a patient. */
export async function triageRoutes(app: FastifyInstance, opts: { db: AppDb }) {
  const { db } = opts;

  app.post('/api/triage/assess', { config: { access: triageAccess, contract: { summary: 'Assess a symptom description', body: triageAssessBody } } }, async (request) => {
    const { symptoms } = parseBody(triageAssessBody, request);
    const assessment = await inTenant(db, request, (tx, t) => assess(tx, t, userOf(request).id, symptoms, request.ip));
    return { success: true, assessment };
  });

  app.get('/api/triage/history', { config: { access: triageAccess, contract: { summary: 'Your latest 10 assessments' } } }, async (request) => {
    const assessments = await inTenant(db, request, (tx, t) => history(tx, t, userOf(request).id, request.ip));
    return { success: true, assessments };
  });

  app.post('/api/triage/assessments/:id/action', { config: { access: triageAccess, contract: { summary: 'Accept Recommendation or Get Second Opinion', body: triageAssessmentActionBody } } }, async (request) => {
    const { id } = parse(z.object({ id: idSchema }), request.params);
    const { action } = parseBody(triageAssessmentActionBody, request);
    const assessment = await inTenant(db, request, (tx, t) => recordAction(tx, t, userOf(request).id, id, action, request.ip));
    return { success: true, assessment };
  });

  // Pure computation on what the caller sends: nothing is stored, so nothing is audited.
  app.post('/api/ai-risk/assess', { config: { access: { tenant: true, permission: 'canManageQueue' }, contract: { summary: 'Risk score, urgency, factors and recommendations of a patient', body: aiRiskAssessBody } } }, async (request) => {
    const { patient } = parseBody(aiRiskAssessBody, request);
    const { breakdown: _b, assessmentBand: _a, ...assessment } = assessRisk(patient);
    return { success: true, assessment };
  });
}
