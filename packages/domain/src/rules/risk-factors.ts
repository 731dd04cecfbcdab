/**
 * The risk factors behind a score (spec: Queue patient riskFactors): one per contributing item, named
 * and advised from the same band or keyword that gave its points.
 */
import type { RiskFactor } from '../contracts/risk.js';
import { VITAL_RISK_TABLES } from './risk-bands.js';
import { riskFindings, type RiskFindings, type RiskInput } from './risk-findings.js';
import { SERIOUS_CONDITION_POINTS, SYMPTOM_POINTS } from './risk-keywords.js';

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

/** The risk factors of findings already made, in input order: age, symptoms, vital signs, history, complaint. */
export function riskFactorsOf(f: RiskFindings): RiskFactor[] {
  const out: RiskFactor[] = [];
  if (f.age) {
    const { factor, mitigation, points } = f.age.band;
    out.push(make('age', 'demographic', points, { factor, description: `Age ${f.age.value} years`, mitigation }));
  }
  f.symptoms.forEach(({ text, level }, i) => {
    if (!level) return;
    out.push(
      make(`symptom-${i + 1}`, 'symptom', SYMPTOM_POINTS[level], {
        factor: `${level[0].toUpperCase()}${level.slice(1)} symptom`,
        description: text,
        mitigation: level === 'mild' ? 'Reassess if it worsens.' : 'Early clinician review of this symptom.',
      }),
    );
  });
  for (const { key, value, band } of f.vitals) {
    const table = VITAL_RISK_TABLES[key];
    out.push(
      make(table.id, 'vital-sign', band.points, {
        factor: band.factor,
        description: table.describe(value),
        mitigation: band.mitigation,
      }),
    );
  }
  f.seriousHistory.forEach((item, i) => {
    out.push(
      make(`history-${i + 1}`, 'history', SERIOUS_CONDITION_POINTS, {
        factor: 'Serious medical history',
        description: item,
        mitigation: 'Review condition-specific risks and current treatment.',
      }),
    );
  });
  if (f.chiefComplaint?.points) {
    out.push(
      make('chief-complaint', 'chief-complaint', f.chiefComplaint.points, {
        factor: 'High-risk chief complaint',
        description: f.chiefComplaint.text,
        mitigation: 'Prioritise clinician review of the presenting complaint.',
      }),
    );
  }
  return out;
}

/** The risk factors behind a score, one per contributing item, in input order. */
export function riskFactors(input: RiskInput): RiskFactor[] {
  return riskFactorsOf(riskFindings(input));
}
