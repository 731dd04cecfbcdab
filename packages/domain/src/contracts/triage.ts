/**
 * Contracts of AI triage: the symptom assessment, its stored record and what the user
 * did about it.
 */
import { z } from 'zod';
import { TRIAGE_ACCESS } from '../rules/route-access.js';
import { TRIAGE_SEVERITIES } from '../rules/triage.js';
import { riskAssessmentDto } from './risk.js';

/** Alert when the symptom text is empty (clinical-workflows section 5). */
export const TRIAGE_EMPTY_MESSAGE = 'Please describe your symptoms.';
/** Alert when the plan lacks the aiTriage feature. */
export const TRIAGE_FEATURE_MESSAGE = TRIAGE_ACCESS.use.featureMessage;
/** Longest symptom description the triage page accepts. */
export const TRIAGE_SYMPTOMS_MAX = 2000;

/** `POST /api/triage/assess` body. */
export const triageAssessBody = z.object({
  symptoms: z.string({ error: TRIAGE_EMPTY_MESSAGE }).trim().min(1, TRIAGE_EMPTY_MESSAGE).max(TRIAGE_SYMPTOMS_MAX),
});
/** Triage-assess input. */
export type TriageAssessBody = z.infer<typeof triageAssessBody>;

/** A stored triage assessment (spec: Triage assessment), with what the user did about it. */
export const triageAssessmentDto = z.object({
  id: z.string(),
  symptoms: z.string(),
  severity: z.enum(TRIAGE_SEVERITIES),
  recommendation: z.string(),
  /** Minutes; 0 is immediate. */
  estimatedWaitTime: z.number().int().min(0),
  /** Whole percent, 80 to 99. */
  aiConfidence: z.number().int().min(0).max(100),
  timestamp: z.string(),
  accepted: z.boolean(),
  secondOpinionRequested: z.boolean(),
});
/** A triage assessment. */
export type TriageAssessmentDto = z.infer<typeof triageAssessmentDto>;

/** What a user did with an assessment: Accept Recommendation or Get Second Opinion. */
export const triageAssessmentActionBody = z.object({ action: z.enum(['accept', 'second-opinion']) });

/** `POST /api/triage/assess` and `POST /api/triage/assessments/{id}/action` answer: the stored assessment. */
export const triageAssessmentResponse = z.object({ success: z.literal(true), assessment: triageAssessmentDto });

/** `GET /api/triage/{id}` answer: one assessment of the organization, whoever made it. */
export const triageAssessmentDetailResponse = triageAssessmentResponse;

/** `GET /api/triage/history` answer: the user's latest assessments, newest first. */
export const triageHistoryResponse = z.object({ success: z.literal(true), assessments: z.array(triageAssessmentDto) });

/** `POST /api/ai-risk/assess` answer: score, urgency, factors, recommendations and NEWS2. */
export const aiRiskAssessmentResponse = z.object({ success: z.literal(true), assessment: riskAssessmentDto });
