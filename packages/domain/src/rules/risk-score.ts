/**
 * The queue's risk score (clinical-workflows sections 4 and 9): points from age, symptoms, vital
 * signs, history and chief complaint, capped at 100; urgency, clinical priority, immediate attention
 * and the assessment text follow from it. Unknown or non-finite values add nothing. Keyword matches
 * are case-insensitive substrings, like the triage page's.
 */
import type { Recommendation, RiskFactor } from '../contracts/triage.js';
import { computeNews2, type News2Result, type VitalSignsInput } from './news2.js';

/** Highest possible risk score and clinical priority. */
export const RISK_SCORE_MAX = 100;
/** AI confidence reported with every risk assessment (spec default 0.85, a fraction). */
export const RISK_AI_CONFIDENCE = 0.85;

/** Symptom keywords worth 50 points: the spec's words and their like. */
export const CRITICAL_SYMPTOM_KEYWORDS = [
  'chest pain', 'stroke', 'seizure', 'anaphylaxis', 'heart attack', 'cardiac arrest', 'not breathing',
  'difficulty breathing', 'unconscious', 'unresponsive', 'severe bleeding', 'paralysis', 'overdose',
] as const;
/** Symptom keywords worth 30 points; "severe" alone covers "severe back pain" and the like. */
export const SEVERE_SYMPTOM_KEYWORDS = [
  'severe', 'high fever', 'shortness of breath', 'head injury', 'fracture', 'confusion', 'fainting',
  'vomiting blood', 'coughing blood', 'allergic reaction',
] as const;
/** Symptom keywords worth 15 points. */
export const MILD_SYMPTOM_KEYWORDS = [
  'pain', 'fever', 'headache', 'cough', 'fatigue', 'nausea', 'vomiting', 'dizziness', 'rash',
  'sore throat', 'diarrhea',
] as const;
/** History items matching one of these add 25 points each. */
export const SERIOUS_CONDITION_KEYWORDS = [
  'heart disease', 'heart failure', 'coronary', 'heart attack', 'myocardial infarction', 'stroke',
  'diabetes', 'hypertension', 'copd', 'asthma', 'cancer', 'kidney disease', 'renal failure',
  'liver disease', 'cirrhosis', 'hiv', 'immunocompromised', 'transplant', 'epilepsy',
] as const;
/** Points of each symptom level. */
export const SYMPTOM_POINTS = { critical: 50, severe: 30, mild: 15 } as const;
/** Points of each history item matching a serious-condition keyword. */
export const SERIOUS_CONDITION_POINTS = 25;
/** Chief-complaint rules, first match wins. */
export const CHIEF_COMPLAINT_RULES = [
  { points: 50, keywords: ['chest pain', 'heart attack'] },
  { points: 45, keywords: ['stroke', 'paralysis'] },
  { points: 30, keywords: ['severe', 'emergency'] },
] as const;

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

/** What the risk rules read of a patient; every field is optional. */
export interface RiskInput {
  /** Years; fractions allowed. */
  age?: number | null;
  /** A list, or one comma-separated text. */
  symptoms?: readonly string[] | string | null;
  vitalSigns?: VitalSignsInput | null;
  /** A list of conditions, or one text separated by commas, semicolons or lines. */
  medicalHistory?: readonly string[] | string | null;
  chiefComplaint?: string | null;
  /** Minutes waited so far; only clinical priority reads it. */
  waitTime?: number | null;
}

/** Points contributed by each part of the score, before the cap. */
export interface RiskBreakdown {
  age: number;
  symptoms: number;
  heartRate: number;
  systolic: number;
  oxygenSaturation: number;
  temperature: number;
  respiratoryRate: number;
  glasgowComaScale: number;
  history: number;
  chiefComplaint: number;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const norm = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
const hasAny = (text: string, keywords: readonly string[]) => {
  const t = norm(text);
  return keywords.some((k) => t.includes(k));
};

/** A list from an array or a text separated by commas, semicolons or line breaks; trimmed, empties dropped. */
export function clinicalList(value: readonly string[] | string | null | undefined): string[] {
  const items = typeof value === 'string' ? value.split(/[,;\n]/) : (value ?? []);
  return items.map((s) => String(s).trim()).filter((s) => s.length > 0);
}

/** Age points: over 75: 30, over 65: 20, under 1: 35, under 5: 20, under 12: 10. */
export function ageRiskPoints(age: number): number {
  if (age > 75) return 30;
  if (age > 65) return 20;
  if (age < 1) return 35;
  if (age < 5) return 20;
  if (age < 12) return 10;
  return 0;
}

/** The level of one symptom: critical, severe, mild, or null when no keyword matches. */
export function symptomRiskLevel(symptom: string): keyof typeof SYMPTOM_POINTS | null {
  if (hasAny(symptom, CRITICAL_SYMPTOM_KEYWORDS)) return 'critical';
  if (hasAny(symptom, SEVERE_SYMPTOM_KEYWORDS)) return 'severe';
  if (hasAny(symptom, MILD_SYMPTOM_KEYWORDS)) return 'mild';
  return null;
}

/** Points of one symptom: 50 critical, 30 severe, 15 mild, else 0. */
export function symptomRiskPoints(symptom: string): number {
  const level = symptomRiskLevel(symptom);
  return level ? SYMPTOM_POINTS[level] : 0;
}

/** Heart rate points: over 150 or under 40: 40; over 120 or under 50: 25; over 100 or under 60: 15. */
export function heartRateRiskPoints(bpm: number): number {
  if (bpm > 150 || bpm < 40) return 40;
  if (bpm > 120 || bpm < 50) return 25;
  if (bpm > 100 || bpm < 60) return 15;
  return 0;
}

/** Systolic points: over 180 or under 80: 40; over 160 or under 90: 25; over 140 or under 100: 15. */
export function systolicRiskPoints(mmHg: number): number {
  if (mmHg > 180 || mmHg < 80) return 40;
  if (mmHg > 160 || mmHg < 90) return 25;
  if (mmHg > 140 || mmHg < 100) return 15;
  return 0;
}

/** Oxygen saturation points: under 85: 50, under 90: 40, under 93: 30, under 95: 15. */
export function oxygenSaturationRiskPoints(percent: number): number {
  if (percent < 85) return 50;
  if (percent < 90) return 40;
  if (percent < 93) return 30;
  if (percent < 95) return 15;
  return 0;
}

/** Temperature (F) points: over 104: 40, over 102: 25, over 100.4: 15, under 95: 30, under 96.5: 20. */
export function temperatureRiskPoints(fahrenheit: number): number {
  if (fahrenheit > 104) return 40;
  if (fahrenheit > 102) return 25;
  if (fahrenheit > 100.4) return 15;
  if (fahrenheit < 95) return 30;
  if (fahrenheit < 96.5) return 20;
  return 0;
}

/** Respiratory rate points: over 30 or under 10: 40; over 24 or under 12: 25. */
export function respiratoryRateRiskPoints(perMinute: number): number {
  if (perMinute > 30 || perMinute < 10) return 40;
  if (perMinute > 24 || perMinute < 12) return 25;
  return 0;
}

/** Glasgow Coma Scale points: under 9: 50, under 13: 35, under 15: 20. */
export function glasgowComaScaleRiskPoints(gcs: number): number {
  if (gcs < 9) return 50;
  if (gcs < 13) return 35;
  if (gcs < 15) return 20;
  return 0;
}

/** True when a history item names a serious condition. */
export function isSeriousCondition(item: string): boolean {
  return hasAny(item, SERIOUS_CONDITION_KEYWORDS);
}

/** History points: 25 for each item naming a serious condition. */
export function historyRiskPoints(items: readonly string[] | string | null | undefined): number {
  return clinicalList(items).filter(isSeriousCondition).length * SERIOUS_CONDITION_POINTS;
}

/** Chief-complaint points: chest pain or heart attack 50, stroke or paralysis 45, severe or emergency 30. */
export function chiefComplaintRiskPoints(complaint: string): number {
  return CHIEF_COMPLAINT_RULES.find((r) => hasAny(complaint, r.keywords))?.points ?? 0;
}

const ifKnown = (v: number | null | undefined, points: (x: number) => number) => (isNum(v) ? points(v) : 0);

/** The points of each part of the score, before the cap. */
export function riskBreakdown(input: RiskInput): RiskBreakdown {
  const v = input.vitalSigns ?? {};
  return {
    age: ifKnown(input.age, ageRiskPoints),
    symptoms: clinicalList(input.symptoms).reduce((sum, s) => sum + symptomRiskPoints(s), 0),
    heartRate: ifKnown(v.heartRate, heartRateRiskPoints),
    systolic: ifKnown(v.bloodPressure?.systolic, systolicRiskPoints),
    oxygenSaturation: ifKnown(v.oxygenSaturation, oxygenSaturationRiskPoints),
    temperature: ifKnown(v.temperature, temperatureRiskPoints),
    respiratoryRate: ifKnown(v.respiratoryRate, respiratoryRateRiskPoints),
    glasgowComaScale: ifKnown(v.glasgowComaScale, glasgowComaScaleRiskPoints),
    history: historyRiskPoints(input.medicalHistory),
    chiefComplaint: input.chiefComplaint ? chiefComplaintRiskPoints(input.chiefComplaint) : 0,
  };
}

/** The risk score: the sum of the breakdown, capped at 100. */
export function computeRiskScore(input: RiskInput): number {
  const total = Object.values(riskBreakdown(input)).reduce((a, b) => a + b, 0);
  return Math.min(RISK_SCORE_MAX, total);
}

/** Urgency by score: >=90 emergency, >=75 urgent, >=50 high, >=25 medium, else low. */
export function urgencyForScore(score: number): UrgencyLevel {
  return URGENCY_THRESHOLDS.find((t) => score >= t.min)?.level ?? 'low';
}

/** Immediate attention: a risk score above 80. */
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

/** The assessment band of a score: >=85 critical, >=70 urgent, >=50 moderate, >=30 low urgency, else stable. */
export function assessmentBand(score: number): (typeof ASSESSMENT_BANDS)[number] {
  return ASSESSMENT_BANDS.find((b) => score >= b.min) ?? ASSESSMENT_BANDS[ASSESSMENT_BANDS.length - 1];
}

/** The assessment text shown on a queue card for a score. */
export function assessmentText(score: number): string {
  return assessmentBand(score).text;
}

/** Risk factor severities, lowest first. */
export const RISK_FACTOR_SEVERITIES = ['low', 'moderate', 'high', 'critical'] as const;
/** Where a risk factor came from. */
export const RISK_FACTOR_CATEGORIES = ['demographic', 'symptom', 'vital-sign', 'history', 'chief-complaint'] as const;

/** A factor's severity by its points: >=40 critical, >=25 high, >=15 moderate, else low. */
export function riskFactorSeverity(points: number): RiskFactor['severity'] {
  if (points >= 40) return 'critical';
  if (points >= 25) return 'high';
  if (points >= 15) return 'moderate';
  return 'low';
}

type FactorText = Pick<RiskFactor, 'factor' | 'description' | 'mitigation'>;
const make = (id: string, category: RiskFactor['category'], points: number, t: FactorText): RiskFactor => ({
  id,
  category,
  points,
  severity: riskFactorSeverity(points),
  ...t,
});

function ageFactor(age: number): FactorText {
  const elderly = age > 65;
  return {
    factor: elderly ? `Age over ${age > 75 ? 75 : 65}` : `Child under ${age < 1 ? 1 : age < 5 ? 5 : 12}`,
    description: `Age ${age} years`,
    mitigation: elderly
      ? 'Expect atypical presentations; assess frailty and falls risk.'
      : 'Use paediatric reference ranges and weight-based dosing.',
  };
}

function vitalFactors(v: VitalSignsInput, b: RiskBreakdown): RiskFactor[] {
  const out: RiskFactor[] = [];
  const hr = v.heartRate, sys = v.bloodPressure?.systolic, spo2 = v.oxygenSaturation;
  const t = v.temperature, rr = v.respiratoryRate, gcs = v.glasgowComaScale;
  if (b.heartRate && isNum(hr)) out.push(make('heart-rate', 'vital-sign', b.heartRate, {
    factor: hr > 100 ? 'Tachycardia' : 'Bradycardia',
    description: `Heart rate ${hr} bpm`,
    mitigation: 'Cardiac monitoring and a 12-lead ECG.',
  }));
  if (b.systolic && isNum(sys)) out.push(make('systolic', 'vital-sign', b.systolic, {
    factor: sys > 140 ? 'Hypertension' : 'Hypotension',
    description: `Systolic blood pressure ${sys} mmHg`,
    mitigation:
      sys > 140 ? 'Repeat the reading; look for end-organ signs.' : 'IV access, fluid assessment, repeat the reading.',
  }));
  if (b.oxygenSaturation && isNum(spo2)) out.push(make('oxygen-saturation', 'vital-sign', b.oxygenSaturation, {
    factor: 'Low oxygen saturation',
    description: `SpO2 ${spo2}%`,
    mitigation: 'Assess airway and breathing; oxygen to a target of 94-98%.',
  }));
  if (b.temperature && isNum(t)) out.push(make('temperature', 'vital-sign', b.temperature, {
    factor: t > 100.4 ? 'Fever' : 'Low body temperature',
    description: `Temperature ${t} °F`,
    mitigation: t > 100.4 ? 'Screen for sepsis; antipyretics as appropriate.' : 'Active warming; screen for sepsis.',
  }));
  if (b.respiratoryRate && isNum(rr)) out.push(make('respiratory-rate', 'vital-sign', b.respiratoryRate, {
    factor: rr > 24 ? 'Tachypnea' : 'Bradypnea',
    description: `Respiratory rate ${rr}/min`,
    mitigation: 'Assess work of breathing; continuous SpO2 monitoring.',
  }));
  if (b.glasgowComaScale && isNum(gcs)) out.push(make('glasgow-coma-scale', 'vital-sign', b.glasgowComaScale, {
    factor: 'Reduced consciousness',
    description: `Glasgow Coma Scale ${gcs}`,
    mitigation: 'Protect the airway; neurological observations every 15 minutes.',
  }));
  return out;
}

/** The risk factors behind a score, one per contributing item, in input order. */
export function riskFactors(input: RiskInput): RiskFactor[] {
  const b = riskBreakdown(input);
  const out: RiskFactor[] = [];
  if (b.age && isNum(input.age)) out.push(make('age', 'demographic', b.age, ageFactor(input.age)));
  clinicalList(input.symptoms).forEach((s, i) => {
    const level = symptomRiskLevel(s);
    if (!level) return;
    out.push(make(`symptom-${i + 1}`, 'symptom', SYMPTOM_POINTS[level], {
      factor: `${level[0].toUpperCase()}${level.slice(1)} symptom`,
      description: s,
      mitigation: level === 'mild' ? 'Reassess if it worsens.' : 'Early clinician review of this symptom.',
    }));
  });
  out.push(...vitalFactors(input.vitalSigns ?? {}, b));
  clinicalList(input.medicalHistory).filter(isSeriousCondition).forEach((item, i) => {
    out.push(make(`history-${i + 1}`, 'history', SERIOUS_CONDITION_POINTS, {
      factor: 'Serious medical history',
      description: item,
      mitigation: 'Review condition-specific risks and current treatment.',
    }));
  });
  if (b.chiefComplaint && input.chiefComplaint) out.push(make('chief-complaint', 'chief-complaint', b.chiefComplaint, {
    factor: 'High-risk chief complaint',
    description: input.chiefComplaint,
    mitigation: 'Prioritise clinician review of the presenting complaint.',
  }));
  return out;
}

/** Recommendation priorities, most pressing first (the order recommendations are listed in). */
export const RECOMMENDATION_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;

const PROTOCOL = 'Clinic triage protocol';
/** Every recommendation the rules can make, by id. */
export const RECOMMENDATION_CATALOGUE = {
  'immediate-evaluation': {
    type: 'escalation', priority: 'critical', evidenceLevel: 'C', source: PROTOCOL,
    title: 'Immediate physician evaluation',
    description: 'Move the patient to a treatment area and call a physician now.',
  },
  'evaluation-15-minutes': {
    type: 'escalation', priority: 'high', evidenceLevel: 'C', source: PROTOCOL,
    title: 'Physician evaluation within 15 minutes',
    description: 'See the patient within 15 minutes; reassess if anything changes.',
  },
  'evaluation-30-minutes': {
    type: 'escalation', priority: 'medium', evidenceLevel: 'C', source: PROTOCOL,
    title: 'Clinical review within 30 minutes',
    description: 'Review within 30 minutes; repeat vital signs while waiting.',
  },
  'evaluation-1-2-hours': {
    type: 'escalation', priority: 'low', evidenceLevel: 'C', source: PROTOCOL,
    title: 'Clinical review within 1 to 2 hours',
    description: 'Review within 1 to 2 hours; ask the patient to report any change.',
  },
  'routine-care': {
    type: 'routine', priority: 'low', evidenceLevel: 'C', source: PROTOCOL,
    title: 'Routine care',
    description: 'See in turn.',
  },
  'ecg-10-minutes': {
    type: 'diagnostic', priority: 'critical', evidenceLevel: 'A', source: 'AHA/ACC 2021 Chest Pain Guideline',
    title: '12-lead ECG within 10 minutes',
    description: 'Record and review a 12-lead ECG within 10 minutes of arrival.',
  },
  'stroke-pathway': {
    type: 'escalation', priority: 'critical', evidenceLevel: 'A',
    source: 'AHA/ASA 2019 Acute Ischemic Stroke Guideline',
    title: 'Activate the stroke pathway',
    description: 'Assess with FAST, note the time of onset and arrange emergency brain imaging.',
  },
  'anaphylaxis-protocol': {
    type: 'treatment', priority: 'critical', evidenceLevel: 'A',
    source: 'Resuscitation Council UK 2021 Anaphylaxis Guideline',
    title: 'Anaphylaxis protocol',
    description: 'Intramuscular adrenaline and airway support per the anaphylaxis protocol.',
  },
  'neuro-observations': {
    type: 'monitoring', priority: 'critical', evidenceLevel: 'C', source: PROTOCOL,
    title: 'Airway protection and neurological observations',
    description: 'Protect the airway and record GCS and pupils every 15 minutes.',
  },
  'oxygen-therapy': {
    type: 'treatment', priority: 'high', evidenceLevel: 'A', source: 'BTS 2017 Oxygen Guideline',
    title: 'Oxygen to target saturation',
    description: 'Give oxygen to a target SpO2 of 94-98% (88-92% if at risk of hypercapnia).',
  },
  'respiratory-assessment': {
    type: 'monitoring', priority: 'high', evidenceLevel: 'C', source: PROTOCOL,
    title: 'Respiratory assessment',
    description: 'Assess work of breathing and monitor SpO2 continuously.',
  },
  'sepsis-screen': {
    type: 'diagnostic', priority: 'high', evidenceLevel: 'B', source: 'Surviving Sepsis Campaign 2021',
    title: 'Screen for sepsis',
    description: 'Look for a source of infection; lactate and blood cultures if sepsis is suspected.',
  },
  'cardiac-monitoring': {
    type: 'monitoring', priority: 'high', evidenceLevel: 'C', source: PROTOCOL,
    title: 'Cardiac and blood pressure monitoring',
    description: 'Continuous ECG monitoring and repeat blood pressure.',
  },
  'news2-emergency': {
    type: 'escalation', priority: 'critical', evidenceLevel: 'B', source: 'RCP NEWS2 2017',
    title: 'NEWS2 emergency response',
    description: 'NEWS2 of 7 or more: emergency assessment by a team with critical-care skills.',
  },
  'news2-urgent': {
    type: 'escalation', priority: 'high', evidenceLevel: 'B', source: 'RCP NEWS2 2017',
    title: 'NEWS2 urgent response',
    description: 'NEWS2 of 5-6, or 3 in one parameter: urgent review by a clinician.',
  },
} as const satisfies Record<string, Omit<Recommendation, 'id' | 'applicable' | 'rationale'>>;
/** A recommendation id. */
export type RecommendationId = keyof typeof RECOMMENDATION_CATALOGUE;

const BAND_RECOMMENDATION: Record<AssessmentBand, RecommendationId> = {
  critical: 'immediate-evaluation',
  urgent: 'evaluation-15-minutes',
  moderate: 'evaluation-30-minutes',
  'low-urgency': 'evaluation-1-2-hours',
  stable: 'routine-care',
};

/** The recommendations for a patient, most pressing first; the first always answers the score's band. */
export function riskRecommendations(
  input: RiskInput,
  news2: News2Result | null = computeNews2(input.vitalSigns),
): Recommendation[] {
  const b = riskBreakdown(input);
  const v = input.vitalSigns ?? {};
  const score = computeRiskScore(input);
  const texts = [input.chiefComplaint ?? '', ...clinicalList(input.symptoms)];
  const said = (keywords: readonly string[]) => texts.some((t) => hasAny(t, keywords));
  const picks: Array<[RecommendationId, string]> = [
    [BAND_RECOMMENDATION[assessmentBand(score).band], `Risk score ${score}`],
  ];
  if (said(CHIEF_COMPLAINT_RULES[0].keywords)) picks.push(['ecg-10-minutes', 'Chest pain or heart attack reported']);
  if (said(CHIEF_COMPLAINT_RULES[1].keywords)) picks.push(['stroke-pathway', 'Stroke or paralysis reported']);
  if (said(['anaphylaxis'])) picks.push(['anaphylaxis-protocol', 'Anaphylaxis reported']);
  if (b.glasgowComaScale) picks.push(['neuro-observations', `Glasgow Coma Scale ${v.glasgowComaScale}`]);
  if (b.oxygenSaturation) picks.push(['oxygen-therapy', `SpO2 ${v.oxygenSaturation}%`]);
  if (b.respiratoryRate) picks.push(['respiratory-assessment', `Respiratory rate ${v.respiratoryRate}/min`]);
  if (b.temperature) picks.push(['sepsis-screen', `Temperature ${v.temperature} °F`]);
  if (b.heartRate || b.systolic) picks.push(['cardiac-monitoring', 'Abnormal heart rate or blood pressure']);
  if (news2?.band === 'high') picks.push(['news2-emergency', `NEWS2 ${news2.score}`]);
  else if (news2 && news2.band !== 'low') picks.push(['news2-urgent', `NEWS2 ${news2.score}`]);
  const rank = (r: Recommendation) => RECOMMENDATION_PRIORITIES.indexOf(r.priority);
  return picks
    .map(([id, rationale]): Recommendation => ({ id, ...RECOMMENDATION_CATALOGUE[id], applicable: true, rationale }))
    .sort((x, y) => rank(x) - rank(y));
}

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
  const riskScore = computeRiskScore(input);
  const news2 = computeNews2(input.vitalSigns);
  const recommendations = riskRecommendations(input, news2);
  const band = assessmentBand(riskScore);
  return {
    riskScore,
    urgencyLevel: urgencyForScore(riskScore),
    clinicalPriority: clinicalPriority({ riskScore, age: input.age, waitTime: input.waitTime }),
    requiresImmediateAttention: needsImmediateAttention(riskScore),
    assessment: band.text,
    assessmentBand: band.band,
    riskFactors: riskFactors(input),
    recommendations,
    clinicalGuidelines: [...new Set(recommendations.map((r) => r.source))],
    aiConfidence: RISK_AI_CONFIDENCE,
    news2,
    breakdown: riskBreakdown(input),
  };
}
