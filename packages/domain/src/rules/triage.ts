/**
 * The AI triage page's keyword rules (clinical-workflows section 9): the first severity whose keyword
 * appears in the symptom text, checked from critical down, sets the wait and the recommendation.
 * Matching is a case-insensitive substring match; runs of whitespace count as one space, so
 * "Chest\n  pain" still matches "chest pain".
 */

/** Triage severities, most severe first. */
export const TRIAGE_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
/** A triage severity. */
export type TriageSeverity = (typeof TRIAGE_SEVERITIES)[number];

/** Keywords of each severity, checked from critical down; no match is low. */
export const TRIAGE_KEYWORDS = {
  critical: ['chest pain', 'difficulty breathing', 'severe bleeding', 'unconscious', 'stroke'],
  high: ['high fever', 'severe pain', 'dizziness', 'nausea', 'vomiting'],
  medium: ['pain', 'fever', 'headache', 'cough', 'fatigue'],
} as const satisfies Record<Exclude<TriageSeverity, 'low'>, readonly string[]>;

/** Estimated wait in minutes by severity; 0 is shown as "Immediate". */
export const TRIAGE_WAIT_MINUTES = {
  critical: 0,
  high: 15,
  medium: 60,
  low: 120,
} as const satisfies Record<TriageSeverity, number>;

/** The recommendation shown for each severity. */
export const TRIAGE_RECOMMENDATIONS = {
  critical: 'Seek emergency medical care now: call 999 or go to the nearest emergency department.',
  high: 'See a healthcare provider within 2-4 hours.',
  medium: 'Make an appointment with a healthcare provider within 24-48 hours.',
  low: 'Make a routine appointment with your healthcare provider.',
} as const satisfies Record<TriageSeverity, string>;

/** AI confidence of a triage assessment, in whole percent: 80 to 99 inclusive. */
export const TRIAGE_AI_CONFIDENCE = { min: 80, max: 99 } as const;

/** How many past assessments are kept per user. */
export const TRIAGE_HISTORY_KEPT = 10;
/** How many past assessments the page shows. */
export const TRIAGE_HISTORY_SHOWN = 5;

/** The outcome of one triage assessment. */
export interface TriageResult {
  severity: TriageSeverity;
  /** Minutes; 0 means immediate. */
  estimatedWaitTime: number;
  /** "Immediate" or "n minutes". */
  waitLabel: string;
  recommendation: string;
  /** Whole percent, 80 to 99. */
  aiConfidence: number;
  /** The keyword that decided the severity; null for low. */
  matchedKeyword: string | null;
}

const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/** The most severe keyword found in the text with its severity; low and null when none matches. */
export function matchTriageKeyword(symptoms: string): { severity: TriageSeverity; keyword: string | null } {
  const text = normalize(symptoms);
  for (const severity of ['critical', 'high', 'medium'] as const) {
    const keyword = TRIAGE_KEYWORDS[severity].find((k) => text.includes(k));
    if (keyword) return { severity, keyword };
  }
  return { severity: 'low', keyword: null };
}

/** The severity of a symptom description (case-insensitive keyword match). */
export function triageSeverity(symptoms: string): TriageSeverity {
  return matchTriageKeyword(symptoms).severity;
}

/** How a wait is shown: 0 is "Immediate", otherwise "n minutes" ("1 minute"). */
export function triageWaitLabel(minutes: number): string {
  if (minutes <= 0) return 'Immediate';
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * AI confidence from a uniform random number in [0, 1): 80 to 99 whole percent. The caller supplies
 * the randomness so the rule stays pure and testable.
 */
export function triageAiConfidence(random: number): number {
  const { min, max } = TRIAGE_AI_CONFIDENCE;
  const r = Math.min(Math.max(random, 0), 0.999999);
  return min + Math.floor(r * (max - min + 1));
}

/** A full triage assessment of a symptom description; `random` in [0, 1) picks the AI confidence. */
export function assessTriage(symptoms: string, random: number): TriageResult {
  const { severity, keyword } = matchTriageKeyword(symptoms);
  const estimatedWaitTime = TRIAGE_WAIT_MINUTES[severity];
  return {
    severity,
    estimatedWaitTime,
    waitLabel: triageWaitLabel(estimatedWaitTime),
    recommendation: TRIAGE_RECOMMENDATIONS[severity],
    aiConfidence: triageAiConfidence(random),
    matchedKeyword: keyword,
  };
}
