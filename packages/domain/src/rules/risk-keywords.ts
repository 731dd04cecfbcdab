/**
 * The keyword parts of the risk score (clinical-workflows section 9): symptoms, medical history and
 * chief complaint. Matches are case-insensitive substrings, like the triage page's.
 */

/** Symptom keywords worth 50 points: the spec's words and their like. */
export const CRITICAL_SYMPTOM_KEYWORDS = [
  'chest pain',
  'stroke',
  'seizure',
  'anaphylaxis',
  'heart attack',
  'cardiac arrest',
  'not breathing',
  'difficulty breathing',
  'unconscious',
  'unresponsive',
  'severe bleeding',
  'paralysis',
  'overdose',
] as const;
/** Symptom keywords worth 30 points; "severe" alone covers "severe back pain" and the like. */
export const SEVERE_SYMPTOM_KEYWORDS = [
  'severe',
  'high fever',
  'shortness of breath',
  'head injury',
  'fracture',
  'confusion',
  'fainting',
  'vomiting blood',
  'coughing blood',
  'allergic reaction',
] as const;
/** Symptom keywords worth 15 points. */
export const MILD_SYMPTOM_KEYWORDS = [
  'pain',
  'fever',
  'headache',
  'cough',
  'fatigue',
  'nausea',
  'vomiting',
  'dizziness',
  'rash',
  'sore throat',
  'diarrhea',
] as const;
/** History items matching one of these add 25 points each. */
export const SERIOUS_CONDITION_KEYWORDS = [
  'heart disease',
  'heart failure',
  'coronary',
  'heart attack',
  'myocardial infarction',
  'stroke',
  'diabetes',
  'hypertension',
  'copd',
  'asthma',
  'cancer',
  'kidney disease',
  'renal failure',
  'liver disease',
  'cirrhosis',
  'hiv',
  'immunocompromised',
  'transplant',
  'epilepsy',
] as const;
/** Points of each symptom level. */
export const SYMPTOM_POINTS = { critical: 50, severe: 30, mild: 15 } as const;
/** A symptom level. */
export type SymptomLevel = keyof typeof SYMPTOM_POINTS;
/** Points of each history item matching a serious-condition keyword. */
export const SERIOUS_CONDITION_POINTS = 25;
/** Chief-complaint rules, first match wins. */
export const CHIEF_COMPLAINT_RULES = [
  { points: 50, keywords: ['chest pain', 'heart attack'] },
  { points: 45, keywords: ['stroke', 'paralysis'] },
  { points: 30, keywords: ['severe', 'emergency'] },
] as const;

const norm = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** True when the text contains one of the keywords, ignoring case and runs of spaces. */
export function mentionsAny(text: string, keywords: readonly string[]): boolean {
  const t = norm(text);
  return keywords.some((k) => t.includes(k));
}

/** A list from an array or a text separated by commas, semicolons or line breaks; trimmed, empties dropped. */
export function clinicalList(value: readonly string[] | string | null | undefined): string[] {
  const items = typeof value === 'string' ? value.split(/[,;\n]/) : (value ?? []);
  return items.map((s) => String(s).trim()).filter((s) => s.length > 0);
}

/** The level of one symptom: critical, severe, mild, or null when no keyword matches. */
export function symptomRiskLevel(symptom: string): SymptomLevel | null {
  if (mentionsAny(symptom, CRITICAL_SYMPTOM_KEYWORDS)) return 'critical';
  if (mentionsAny(symptom, SEVERE_SYMPTOM_KEYWORDS)) return 'severe';
  if (mentionsAny(symptom, MILD_SYMPTOM_KEYWORDS)) return 'mild';
  return null;
}

/** Points of one symptom: those of its level in {@link SYMPTOM_POINTS}, else 0. */
export function symptomRiskPoints(symptom: string): number {
  const level = symptomRiskLevel(symptom);
  return level ? SYMPTOM_POINTS[level] : 0;
}

/** True when a history item names a serious condition. */
export function isSeriousCondition(item: string): boolean {
  return mentionsAny(item, SERIOUS_CONDITION_KEYWORDS);
}

/** History points: {@link SERIOUS_CONDITION_POINTS} for each item naming a serious condition. */
export function historyRiskPoints(items: readonly string[] | string | null | undefined): number {
  return clinicalList(items).filter(isSeriousCondition).length * SERIOUS_CONDITION_POINTS;
}

/** Chief-complaint points: those of the first {@link CHIEF_COMPLAINT_RULES} rule it matches, else 0. */
export function chiefComplaintRiskPoints(complaint: string): number {
  return CHIEF_COMPLAINT_RULES.find((r) => mentionsAny(complaint, r.keywords))?.points ?? 0;
}
