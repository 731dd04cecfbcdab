/**
 * One pass over a patient that finds everything the risk score reads: the band of each measurement,
 * the level of each symptom, the serious history items, the chief complaint's points. The score,
 * its breakdown, the risk factors and the recommendations are all read from these findings, so an
 * assessment computes them once. Unknown or non-finite values add nothing.
 */
import type { VitalSignsInput } from './news2.js';
import {
  AGE_RISK_TABLE,
  VITAL_RISK_KEYS,
  VITAL_RISK_TABLES,
  riskBand,
  type RiskBandMatch,
  type RiskTable,
  type VitalRiskKey,
} from './risk-bands.js';
import {
  SERIOUS_CONDITION_POINTS,
  SYMPTOM_POINTS,
  chiefComplaintRiskPoints,
  clinicalList,
  isSeriousCondition,
  symptomRiskLevel,
  type SymptomLevel,
} from './risk-keywords.js';
import { RISK_SCORE_MAX } from './risk-levels.js';

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

/** Points contributed by each part of the score, before the cap: one per vital sign of `VITAL_RISK_TABLES`. */
export interface RiskBreakdown extends Record<VitalRiskKey, number> {
  age: number;
  symptoms: number;
  history: number;
  chiefComplaint: number;
}

/** A measured value and the band it fell in. */
export interface BandFinding {
  value: number;
  band: RiskBandMatch;
}

/** Everything the score reads of a patient, found once. */
export interface RiskFindings {
  /** Null when the age is unknown or in no band. */
  age: BandFinding | null;
  /** Every symptom in input order, with its level (null: no keyword). */
  symptoms: Array<{ text: string; level: SymptomLevel | null }>;
  /** The vital signs in a band, in the order of `VITAL_RISK_TABLES`. */
  vitals: Array<BandFinding & { key: VitalRiskKey }>;
  /** The history items naming a serious condition, in input order. */
  seriousHistory: string[];
  /** The chief complaint and its points (0 when no rule matches); null when there is none. */
  chiefComplaint: { text: string; points: number } | null;
  breakdown: RiskBreakdown;
  /** The sum of the breakdown, capped at {@link RISK_SCORE_MAX}. */
  score: number;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function bandFinding(table: RiskTable, value: number | null | undefined): BandFinding | null {
  if (!isNum(value)) return null;
  const band = riskBand(table, value);
  return band && { value, band };
}

/** The findings of one patient: one pass, from which score, breakdown, factors and recommendations are read. */
export function riskFindings(input: RiskInput): RiskFindings {
  const v = input.vitalSigns ?? {};
  const age = bandFinding(AGE_RISK_TABLE, input.age);
  const symptoms = clinicalList(input.symptoms).map((text) => ({ text, level: symptomRiskLevel(text) }));
  const vitals = VITAL_RISK_KEYS.flatMap((key) => {
    const found = bandFinding(VITAL_RISK_TABLES[key], VITAL_RISK_TABLES[key].read(v));
    return found ? [{ key, ...found }] : [];
  });
  const seriousHistory = clinicalList(input.medicalHistory).filter(isSeriousCondition);
  const complaint = input.chiefComplaint;
  const chiefComplaint = complaint ? { text: complaint, points: chiefComplaintRiskPoints(complaint) } : null;
  const vitalPoints = VITAL_RISK_KEYS.map((key) => [key, vitals.find((f) => f.key === key)?.band.points ?? 0]);
  const breakdown: RiskBreakdown = {
    age: age?.band.points ?? 0,
    symptoms: symptoms.reduce((sum, s) => sum + (s.level ? SYMPTOM_POINTS[s.level] : 0), 0),
    ...(Object.fromEntries(vitalPoints) as Record<VitalRiskKey, number>),
    history: seriousHistory.length * SERIOUS_CONDITION_POINTS,
    chiefComplaint: chiefComplaint?.points ?? 0,
  };
  const score = Math.min(
    RISK_SCORE_MAX,
    Object.values(breakdown).reduce((a, b) => a + b, 0),
  );
  return { age, symptoms, vitals, seriousHistory, chiefComplaint, breakdown, score };
}

/** The points of each part of the score, before the cap. */
export function riskBreakdown(input: RiskInput): RiskBreakdown {
  return riskFindings(input).breakdown;
}

/** The risk score: the sum of the breakdown, capped at 100. */
export function computeRiskScore(input: RiskInput): number {
  return riskFindings(input).score;
}
