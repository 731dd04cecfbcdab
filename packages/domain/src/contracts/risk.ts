/**
 * Contracts of the AI risk assessment: what the risk rules read of a patient, the
 * NEWS2 result, risk factors, clinical decision support recommendations and the assessment.
 */
import { z } from 'zod';
import { NEWS2_BANDS, NEWS2_PARAMETERS } from '../rules/news2.js';
import { RECOMMENDATION_PRIORITIES, RISK_FACTOR_CATEGORIES, RISK_FACTOR_SEVERITIES, URGENCY_LEVELS } from '../rules/risk-score.js';
import { CHIEF_COMPLAINT_MAX, clinicalListField, queueVitalSigns } from './clinical-fields.js';
import { optionalText } from './common.js';

/** What the risk rules read of a patient (see `assessRisk`); other fields are ignored. */
export const riskPatient = z.object({
  age: z.number().min(0).max(130).nullish(),
  symptoms: clinicalListField,
  vitalSigns: queueVitalSigns.nullish(),
  medicalHistory: clinicalListField,
  chiefComplaint: optionalText(CHIEF_COMPLAINT_MAX),
  /** Minutes waited. */
  waitTime: z.number().min(0).max(1_000_000).nullish(),
});

/** `POST /api/ai-risk/assess` body. */
export const aiRiskAssessBody = z.object({ patient: riskPatient });
/** AI-risk input. */
export type AiRiskAssessBody = z.infer<typeof aiRiskAssessBody>;

/** A NEWS2 result. */
export const news2Dto = z.object({
  score: z.number().int().min(0),
  band: z.enum(NEWS2_BANDS),
  points: z.record(z.enum(NEWS2_PARAMETERS), z.number().int().min(0).max(3).nullable()),
  missing: z.array(z.enum(NEWS2_PARAMETERS)),
  complete: z.boolean(),
  singleParameterThree: z.boolean(),
});

/** A risk factor: one reason the score is what it is (spec: Queue patient riskFactors). */
export const riskFactorDto = z.object({
  id: z.string(),
  factor: z.string(),
  severity: z.enum(RISK_FACTOR_SEVERITIES),
  category: z.enum(RISK_FACTOR_CATEGORIES),
  description: z.string(),
  mitigation: z.string(),
  /** Points this factor added to the score. */
  points: z.number(),
});
/** A risk factor. */
export type RiskFactor = z.infer<typeof riskFactorDto>;

/** A clinical decision support recommendation (spec: Queue patient recommendations). */
export const recommendationDto = z.object({
  id: z.string(),
  type: z.enum(['escalation', 'diagnostic', 'treatment', 'monitoring', 'routine']),
  priority: z.enum(RECOMMENDATION_PRIORITIES),
  title: z.string(),
  description: z.string(),
  evidenceLevel: z.enum(['A', 'B', 'C']),
  source: z.string(),
  applicable: z.boolean(),
  /** The finding that triggered it. */
  rationale: z.string(),
});
/** A clinical decision support recommendation. */
export type Recommendation = z.infer<typeof recommendationDto>;

/** A score from 0 to 100: a risk score, a clinical priority or their average. */
export const percentScore = z.number().min(0).max(100);

/** The AI risk assessment's answer (`assessment` of `POST /api/ai-risk/assess`). */
export const riskAssessmentDto = z.object({
  riskScore: percentScore,
  urgencyLevel: z.enum(URGENCY_LEVELS),
  clinicalPriority: percentScore,
  requiresImmediateAttention: z.boolean(),
  assessment: z.string(),
  riskFactors: z.array(riskFactorDto),
  recommendations: z.array(recommendationDto),
  clinicalGuidelines: z.array(z.string()),
  /** A fraction, 0.85. */
  aiConfidence: z.number().min(0).max(1),
  news2: news2Dto.nullable(),
});
