/**
 * The queue's risk score (clinical-workflows sections 4 and 9): points from age, symptoms, vital
 * signs, history and chief complaint, capped at 100; urgency, clinical priority, immediate attention
 * and the assessment text follow from it. Its parts live beside it and are re-exported here, so
 * `@clinic/domain/rules/risk-score` stays the one door to them:
 * - `risk-bands.ts`: the age and vital-sign threshold tables, each written once;
 * - `risk-keywords.ts`: symptom, history and chief-complaint keywords;
 * - `risk-findings.ts`: one pass over a patient, giving the breakdown and the score;
 * - `risk-levels.ts`: urgency, immediate attention, clinical priority, assessment bands;
 * - `risk-factors.ts` and `risk-recommendations.ts`: what the findings are called and call for.
 */
import type { Recommendation, RiskFactor } from '../contracts/risk.js';
import { computeNews2, type News2Result } from './news2.js';
import { riskFactorsOf } from './risk-factors.js';
import { riskFindings, type RiskBreakdown, type RiskInput } from './risk-findings.js';
import {
  assessmentBand,
  clinicalPriority,
  needsImmediateAttention,
  urgencyForScore,
  type AssessmentBand,
  type UrgencyLevel,
} from './risk-levels.js';
import { riskRecommendationsOf } from './risk-recommendations.js';

export * from './risk-bands.js';
export * from './risk-factors.js';
export * from './risk-findings.js';
export * from './risk-keywords.js';
export * from './risk-levels.js';
export * from './risk-recommendations.js';

/** AI confidence reported with every risk assessment (spec default 0.85, a fraction). */
export const RISK_AI_CONFIDENCE = 0.85;

/** Everything the queue shows about one patient's risk (spec: Queue patient, derived fields). */
export interface RiskAssessment {
  riskScore: number;
  urgencyLevel: UrgencyLevel;
  clinicalPriority: number;
  requiresImmediateAttention: boolean;
  /** The assessment text of the score's band. */
  assessment: string;
  assessmentBand: AssessmentBand;
  riskFactors: RiskFactor[];
  recommendations: Recommendation[];
  /** The distinct sources of the recommendations. */
  clinicalGuidelines: string[];
  /** A fraction: 0.85. */
  aiConfidence: number;
  /** NEWS2 beside the spec's score; null when no vital sign is known. */
  news2: News2Result | null;
  breakdown: RiskBreakdown;
}

/** The full risk assessment of a patient: score, urgency, priority, factors, recommendations, NEWS2. */
export function assessRisk(input: RiskInput): RiskAssessment {
  const findings = riskFindings(input);
  const riskScore = findings.score;
  const news2 = computeNews2(input.vitalSigns);
  const recommendations = riskRecommendationsOf(findings, news2);
  const band = assessmentBand(riskScore);
  return {
    riskScore,
    urgencyLevel: urgencyForScore(riskScore),
    clinicalPriority: clinicalPriority({ riskScore, age: input.age, waitTime: input.waitTime }),
    requiresImmediateAttention: needsImmediateAttention(riskScore),
    assessment: band.text,
    assessmentBand: band.band,
    riskFactors: riskFactorsOf(findings),
    recommendations,
    clinicalGuidelines: [...new Set(recommendations.map((r) => r.source))],
    aiConfidence: RISK_AI_CONFIDENCE,
    news2,
    breakdown: findings.breakdown,
  };
}
