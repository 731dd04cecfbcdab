/**
 * The banded parts of the risk score (clinical-workflows section 9): age and six vital signs. Each
 * table below is the only place its limits are written: the points (`heartRateRiskPoints`...) and
 * the risk factor's name and advice ("Tachycardia" or "Bradycardia") both come from the band
 * {@link riskBand} finds in it, so they cannot disagree.
 */
import type { VitalSignsInput } from './news2.js';

/** One band of a table: a value strictly past `limit` scores `points`. */
export interface RiskBandLimit {
  limit: number;
  points: number;
}

/** One side of a table: its bands from the most extreme limit inward, and the factor it names. */
export interface RiskTableSide {
  /** First match wins, so the most extreme limit (the most points) comes first. */
  bands: readonly RiskBandLimit[];
  /** The risk factor's name; a function when the name quotes the band's limit ("Age over 75"). */
  factor: string | ((limit: number) => string);
  /** What to do about it. */
  mitigation: string;
}

/** A banded measurement: bands above its normal range, below it, or both. The sides never overlap. */
export interface RiskTable {
  above?: RiskTableSide;
  below?: RiskTableSide;
}

/** The band a value falls in: its side and limit, the points it scores, the factor it names. */
export interface RiskBandMatch extends RiskBandLimit {
  side: 'above' | 'below';
  factor: string;
  mitigation: string;
}

const past = (side: RiskBandMatch['side'], value: number, limit: number) => (side === 'above' ? value > limit : value < limit);

/** The band of `table` a value falls in, or null when it is in the normal range (scores nothing). */
export function riskBand(table: RiskTable, value: number): RiskBandMatch | null {
  for (const side of ['above', 'below'] as const) {
    const s = table[side];
    const band = s?.bands.find((b) => past(side, value, b.limit));
    if (s && band) {
      const factor = typeof s.factor === 'function' ? s.factor(band.limit) : s.factor;
      return { side, limit: band.limit, points: band.points, factor, mitigation: s.mitigation };
    }
  }
  return null;
}

const bands = (...pairs: Array<[limit: number, points: number]>): RiskBandLimit[] => pairs.map(([limit, points]) => ({ limit, points }));

/** Age in years: the elderly above, children below. */
export const AGE_RISK_TABLE = {
  above: {
    bands: bands([75, 30], [65, 20]),
    factor: (limit) => `Age over ${limit}`,
    mitigation: 'Expect atypical presentations; assess frailty and falls risk.',
  },
  below: {
    bands: bands([1, 35], [5, 20], [12, 10]),
    factor: (limit) => `Child under ${limit}`,
    mitigation: 'Use paediatric reference ranges and weight-based dosing.',
  },
} as const satisfies RiskTable;

/** A vital sign's table, with how to read the value from the vital signs and how to quote it. */
export interface VitalRiskTable extends RiskTable {
  /** The risk factor's id. */
  id: string;
  read: (vitals: VitalSignsInput) => number | null | undefined;
  /** The value as a factor's description and a recommendation's rationale quote it. */
  describe: (value: number) => string;
}

const CARDIAC_MONITORING = 'Cardiac monitoring and a 12-lead ECG.';
const BREATHING_MONITORING = 'Assess work of breathing; continuous SpO2 monitoring.';

/** The six banded vital signs, in the order their factors are listed. */
export const VITAL_RISK_TABLES = {
  heartRate: {
    id: 'heart-rate',
    read: (v) => v.heartRate,
    describe: (bpm) => `Heart rate ${bpm} bpm`,
    above: { bands: bands([150, 40], [120, 25], [100, 15]), factor: 'Tachycardia', mitigation: CARDIAC_MONITORING },
    below: { bands: bands([40, 40], [50, 25], [60, 15]), factor: 'Bradycardia', mitigation: CARDIAC_MONITORING },
  },
  systolic: {
    id: 'systolic',
    read: (v) => v.bloodPressure?.systolic,
    describe: (mmHg) => `Systolic blood pressure ${mmHg} mmHg`,
    above: {
      bands: bands([180, 40], [160, 25], [140, 15]),
      factor: 'Hypertension',
      mitigation: 'Repeat the reading; look for end-organ signs.',
    },
    below: {
      bands: bands([80, 40], [90, 25], [100, 15]),
      factor: 'Hypotension',
      mitigation: 'IV access, fluid assessment, repeat the reading.',
    },
  },
  oxygenSaturation: {
    id: 'oxygen-saturation',
    read: (v) => v.oxygenSaturation,
    describe: (percent) => `SpO2 ${percent}%`,
    below: {
      bands: bands([85, 50], [90, 40], [93, 30], [95, 15]),
      factor: 'Low oxygen saturation',
      mitigation: 'Assess airway and breathing; oxygen to a target of 94-98%.',
    },
  },
  temperature: {
    id: 'temperature',
    read: (v) => v.temperature,
    describe: (fahrenheit) => `Temperature ${fahrenheit} °F`,
    above: {
      bands: bands([104, 40], [102, 25], [100.4, 15]),
      factor: 'Fever',
      mitigation: 'Screen for sepsis; antipyretics as appropriate.',
    },
    below: {
      bands: bands([95, 30], [96.5, 20]),
      factor: 'Low body temperature',
      mitigation: 'Active warming; screen for sepsis.',
    },
  },
  respiratoryRate: {
    id: 'respiratory-rate',
    read: (v) => v.respiratoryRate,
    describe: (perMinute) => `Respiratory rate ${perMinute}/min`,
    above: { bands: bands([30, 40], [24, 25]), factor: 'Tachypnea', mitigation: BREATHING_MONITORING },
    below: { bands: bands([10, 40], [12, 25]), factor: 'Bradypnea', mitigation: BREATHING_MONITORING },
  },
  glasgowComaScale: {
    id: 'glasgow-coma-scale',
    read: (v) => v.glasgowComaScale,
    describe: (gcs) => `Glasgow Coma Scale ${gcs}`,
    below: {
      bands: bands([9, 50], [13, 35], [15, 20]),
      factor: 'Reduced consciousness',
      mitigation: 'Protect the airway; neurological observations every 15 minutes.',
    },
  },
} as const satisfies Record<string, VitalRiskTable>;

/** A banded vital sign. */
export type VitalRiskKey = keyof typeof VITAL_RISK_TABLES;
/** The banded vital signs, in the order their factors are listed. */
export const VITAL_RISK_KEYS = Object.keys(VITAL_RISK_TABLES) as VitalRiskKey[];

const pointsIn = (table: RiskTable) => (value: number) => riskBand(table, value)?.points ?? 0;

/** Age points, from {@link AGE_RISK_TABLE}. */
export const ageRiskPoints: (age: number) => number = pointsIn(AGE_RISK_TABLE);
/** Heart rate points, from `VITAL_RISK_TABLES.heartRate`. */
export const heartRateRiskPoints: (bpm: number) => number = pointsIn(VITAL_RISK_TABLES.heartRate);
/** Systolic blood pressure points, from `VITAL_RISK_TABLES.systolic`. */
export const systolicRiskPoints: (mmHg: number) => number = pointsIn(VITAL_RISK_TABLES.systolic);
/** Oxygen saturation points, from `VITAL_RISK_TABLES.oxygenSaturation`. */
export const oxygenSaturationRiskPoints: (percent: number) => number = pointsIn(VITAL_RISK_TABLES.oxygenSaturation);
/** Temperature (Fahrenheit) points, from `VITAL_RISK_TABLES.temperature`. */
export const temperatureRiskPoints: (fahrenheit: number) => number = pointsIn(VITAL_RISK_TABLES.temperature);
/** Respiratory rate points, from `VITAL_RISK_TABLES.respiratoryRate`. */
export const respiratoryRateRiskPoints: (perMinute: number) => number = pointsIn(VITAL_RISK_TABLES.respiratoryRate);
/** Glasgow Coma Scale points, from `VITAL_RISK_TABLES.glasgowComaScale`. */
export const glasgowComaScaleRiskPoints: (gcs: number) => number = pointsIn(VITAL_RISK_TABLES.glasgowComaScale);
