/**
 * Clinical decision support for the queue (spec: Queue patient recommendations): the catalogue of
 * recommendations and which of them a patient's findings call for, most pressing first.
 */
import type { Recommendation } from '../contracts/risk.js';
import { computeNews2, type News2Result } from './news2.js';
import { VITAL_RISK_TABLES, type VitalRiskKey } from './risk-bands.js';
import { riskFindings, type RiskFindings, type RiskInput } from './risk-findings.js';
import { CHIEF_COMPLAINT_RULES, mentionsAny } from './risk-keywords.js';
import { assessmentBand, type AssessmentBand } from './risk-levels.js';

/** Recommendation priorities, most pressing first (the order recommendations are listed in). */
export const RECOMMENDATION_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;

const PROTOCOL = 'Clinic triage protocol';
/** Every recommendation the rules can make, by id. */
export const RECOMMENDATION_CATALOGUE = {
  'immediate-evaluation': {
    type: 'escalation',
    priority: 'critical',
    evidenceLevel: 'C',
    source: PROTOCOL,
    title: 'Immediate physician evaluation',
    description: 'Move the patient to a treatment area and call a physician now.',
  },
  'evaluation-15-minutes': {
    type: 'escalation',
    priority: 'high',
    evidenceLevel: 'C',
    source: PROTOCOL,
    title: 'Physician evaluation within 15 minutes',
    description: 'See the patient within 15 minutes; reassess if anything changes.',
  },
  'evaluation-30-minutes': {
    type: 'escalation',
    priority: 'medium',
    evidenceLevel: 'C',
    source: PROTOCOL,
    title: 'Clinical review within 30 minutes',
    description: 'Review within 30 minutes; repeat vital signs while waiting.',
  },
  'evaluation-1-2-hours': {
    type: 'escalation',
    priority: 'low',
    evidenceLevel: 'C',
    source: PROTOCOL,
    title: 'Clinical review within 1 to 2 hours',
    description: 'Review within 1 to 2 hours; ask the patient to report any change.',
  },
  'routine-care': {
    type: 'routine',
    priority: 'low',
    evidenceLevel: 'C',
    source: PROTOCOL,
    title: 'Routine care',
    description: 'See in turn.',
  },
  'ecg-10-minutes': {
    type: 'diagnostic',
    priority: 'critical',
    evidenceLevel: 'A',
    source: 'AHA/ACC 2021 Chest Pain Guideline',
    title: '12-lead ECG within 10 minutes',
    description: 'Record and review a 12-lead ECG within 10 minutes of arrival.',
  },
  'stroke-pathway': {
    type: 'escalation',
    priority: 'critical',
    evidenceLevel: 'A',
    source: 'AHA/ASA 2019 Acute Ischemic Stroke Guideline',
    title: 'Activate the stroke pathway',
    description: 'Assess with FAST, note the time of onset and arrange emergency brain imaging.',
  },
  'anaphylaxis-protocol': {
    type: 'treatment',
    priority: 'critical',
    evidenceLevel: 'A',
    source: 'Resuscitation Council UK 2021 Anaphylaxis Guideline',
    title: 'Anaphylaxis protocol',
    description: 'Intramuscular adrenaline and airway support per the anaphylaxis protocol.',
  },
  'neuro-observations': {
    type: 'monitoring',
    priority: 'critical',
    evidenceLevel: 'C',
    source: PROTOCOL,
    title: 'Airway protection and neurological observations',
    description: 'Protect the airway and record GCS and pupils every 15 minutes.',
  },
  'oxygen-therapy': {
    type: 'treatment',
    priority: 'high',
    evidenceLevel: 'A',
    source: 'BTS 2017 Oxygen Guideline',
    title: 'Oxygen to target saturation',
    description: 'Give oxygen to a target SpO2 of 94-98% (88-92% if at risk of hypercapnia).',
  },
  'respiratory-assessment': {
    type: 'monitoring',
    priority: 'high',
    evidenceLevel: 'C',
    source: PROTOCOL,
    title: 'Respiratory assessment',
    description: 'Assess work of breathing and monitor SpO2 continuously.',
  },
  'sepsis-screen': {
    type: 'diagnostic',
    priority: 'high',
    evidenceLevel: 'B',
    source: 'Surviving Sepsis Campaign 2021',
    title: 'Screen for sepsis',
    description: 'Look for a source of infection; lactate and blood cultures if sepsis is suspected.',
  },
  'cardiac-monitoring': {
    type: 'monitoring',
    priority: 'high',
    evidenceLevel: 'C',
    source: PROTOCOL,
    title: 'Cardiac and blood pressure monitoring',
    description: 'Continuous ECG monitoring and repeat blood pressure.',
  },
  'news2-emergency': {
    type: 'escalation',
    priority: 'critical',
    evidenceLevel: 'B',
    source: 'RCP NEWS2 2017',
    title: 'NEWS2 emergency response',
    description: 'NEWS2 of 7 or more: emergency assessment by a team with critical-care skills.',
  },
  'news2-urgent': {
    type: 'escalation',
    priority: 'high',
    evidenceLevel: 'B',
    source: 'RCP NEWS2 2017',
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

/** The recommendation a vital sign in a band calls for, in the order they are considered. */
const VITAL_RECOMMENDATIONS: ReadonlyArray<[VitalRiskKey, RecommendationId]> = [
  ['glasgowComaScale', 'neuro-observations'],
  ['oxygenSaturation', 'oxygen-therapy'],
  ['respiratoryRate', 'respiratory-assessment'],
  ['temperature', 'sepsis-screen'],
];

/** The recommendations of findings already made, most pressing first; the first answers the score's band. */
export function riskRecommendationsOf(f: RiskFindings, news2: News2Result | null): Recommendation[] {
  const texts = [f.chiefComplaint?.text ?? '', ...f.symptoms.map((s) => s.text)];
  const said = (keywords: readonly string[]) => texts.some((t) => mentionsAny(t, keywords));
  const vital = (key: VitalRiskKey) => f.vitals.find((v) => v.key === key);
  const picks: Array<[RecommendationId, string]> = [[BAND_RECOMMENDATION[assessmentBand(f.score).band], `Risk score ${f.score}`]];
  if (said(CHIEF_COMPLAINT_RULES[0].keywords)) picks.push(['ecg-10-minutes', 'Chest pain or heart attack reported']);
  if (said(CHIEF_COMPLAINT_RULES[1].keywords)) picks.push(['stroke-pathway', 'Stroke or paralysis reported']);
  if (said(['anaphylaxis'])) picks.push(['anaphylaxis-protocol', 'Anaphylaxis reported']);
  for (const [key, id] of VITAL_RECOMMENDATIONS) {
    const found = vital(key);
    if (found) picks.push([id, VITAL_RISK_TABLES[key].describe(found.value)]);
  }
  if (vital('heartRate') || vital('systolic')) picks.push(['cardiac-monitoring', 'Abnormal heart rate or blood pressure']);
  if (news2?.band === 'high') picks.push(['news2-emergency', `NEWS2 ${news2.score}`]);
  else if (news2 && news2.band !== 'low') picks.push(['news2-urgent', `NEWS2 ${news2.score}`]);
  const rank = (r: Recommendation) => RECOMMENDATION_PRIORITIES.indexOf(r.priority);
  return picks
    .map(([id, rationale]): Recommendation => ({ id, ...RECOMMENDATION_CATALOGUE[id], applicable: true, rationale }))
    .sort((x, y) => rank(x) - rank(y));
}

/** The recommendations for a patient, most pressing first; the first always answers the score's band. */
export function riskRecommendations(input: RiskInput, news2: News2Result | null = computeNews2(input.vitalSigns)): Recommendation[] {
  return riskRecommendationsOf(riskFindings(input), news2);
}
