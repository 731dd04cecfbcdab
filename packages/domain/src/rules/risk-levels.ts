/**
 * What a risk score means (clinical-workflows sections 4 and 9): urgency level, immediate
 * attention, clinical priority and the assessment band with its text and target wait.
 */

/** Highest possible risk score and clinical priority. */
export const RISK_SCORE_MAX = 100;

/** Urgency levels, most urgent first. */
export const URGENCY_LEVELS = ['emergency', 'urgent', 'high', 'medium', 'low'] as const;
/** An urgency level. */
export type UrgencyLevel = (typeof URGENCY_LEVELS)[number];
/** Lowest score of each urgency level (score >= min). */
export const URGENCY_THRESHOLDS = [
  { level: 'emergency', min: 90 },
  { level: 'urgent', min: 75 },
  { level: 'high', min: 50 },
  { level: 'medium', min: 25 },
  { level: 'low', min: 0 },
] as const satisfies ReadonlyArray<{ level: UrgencyLevel; min: number }>;

/** Immediate attention applies when the risk score is strictly above this. */
export const IMMEDIATE_ATTENTION_ABOVE = 80;

/** Assessment text bands (score >= min), with the longest wait each one allows (null: no target). */
export const ASSESSMENT_BANDS = [
  { band: 'critical', min: 85, targetMinutes: 0, text: 'Critical: immediate medical attention required.' },
  { band: 'urgent', min: 70, targetMinutes: 15, text: 'Urgent: to be seen within 15 minutes.' },
  { band: 'moderate', min: 50, targetMinutes: 30, text: 'Moderate: to be seen within 30 minutes.' },
  { band: 'low-urgency', min: 30, targetMinutes: 120, text: 'Low urgency: to be seen within 1 to 2 hours.' },
  { band: 'stable', min: 0, targetMinutes: null, text: 'Stable: routine care.' },
] as const;
/** An assessment band. */
export type AssessmentBand = (typeof ASSESSMENT_BANDS)[number]['band'];

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Urgency of a score: the first of {@link URGENCY_THRESHOLDS} whose minimum it reaches. */
export function urgencyForScore(score: number): UrgencyLevel {
  return URGENCY_THRESHOLDS.find((t) => score >= t.min)?.level ?? 'low';
}

/** Immediate attention: a risk score above {@link IMMEDIATE_ATTENTION_ABOVE}. */
export function needsImmediateAttention(score: number): boolean {
  return score > IMMEDIATE_ATTENTION_ABOVE;
}

/**
 * Clinical priority: the risk score plus 10 if older than 75, plus 15 if younger than 2, plus 20 if
 * waiting more than 60 minutes; capped at 100.
 */
export function clinicalPriority(p: { riskScore: number; age?: number | null; waitTime?: number | null }): number {
  let priority = p.riskScore;
  if (isNum(p.age) && p.age > 75) priority += 10;
  if (isNum(p.age) && p.age < 2) priority += 15;
  if (isNum(p.waitTime) && p.waitTime > 60) priority += 20;
  return Math.min(RISK_SCORE_MAX, priority);
}

/** The assessment band of a score: the first of {@link ASSESSMENT_BANDS} whose minimum it reaches. */
export function assessmentBand(score: number): (typeof ASSESSMENT_BANDS)[number] {
  return ASSESSMENT_BANDS.find((b) => score >= b.min) ?? ASSESSMENT_BANDS[ASSESSMENT_BANDS.length - 1];
}

/** The assessment text shown on a queue card for a score. */
export function assessmentText(score: number): string {
  return assessmentBand(score).text;
}
