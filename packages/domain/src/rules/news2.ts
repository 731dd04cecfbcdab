/**
 * NEWS2, the National Early Warning Score 2 (Royal College of Physicians, 2017), computed beside the
 * spec's risk score whenever vital signs are known.
 *
 * Choices the RCP chart leaves to the implementer:
 * - Only SpO2 scale 1 is used: the queue does not know which patients have a prescribed 88-92% target.
 * - Consciousness comes from the Glasgow Coma Scale: anything below 15 counts as "not alert".
 * - Temperature arrives in Fahrenheit (the spec's unit); it is converted to Celsius and rounded to one
 *   decimal, as charted, before banding, so 95.0 F is 35.0 C and scores 3.
 * - Partial vitals: the known parameters are scored, the unknown ones add 0 and are listed in
 *   `missing`; the total is then a lower bound, and `complete` is false. With no physiological
 *   measurement at all there is no score (`null`).
 */

/** Vital signs as the queue records them (spec: Queue patient); temperature in Fahrenheit. */
export interface VitalSignsInput {
  heartRate?: number | null;
  bloodPressure?: { systolic?: number | null; diastolic?: number | null } | null;
  oxygenSaturation?: number | null;
  /** Degrees Fahrenheit. */
  temperature?: number | null;
  respiratoryRate?: number | null;
  glasgowComaScale?: number | null;
  /** True when the patient breathes supplemental oxygen; unknown when absent. */
  supplementalOxygen?: boolean | null;
}

/** The seven NEWS2 parameters, in chart order. */
export const NEWS2_PARAMETERS = [
  'respiratoryRate',
  'oxygenSaturation',
  'supplementalOxygen',
  'systolic',
  'pulse',
  'consciousness',
  'temperature',
] as const;
/** One NEWS2 parameter. */
export type News2Parameter = (typeof NEWS2_PARAMETERS)[number];

/** NEWS2 clinical risk bands, lowest first. */
export const NEWS2_BANDS = ['low', 'low-medium', 'medium', 'high'] as const;
/** A NEWS2 clinical risk band. */
export type News2Band = (typeof NEWS2_BANDS)[number];

/** A NEWS2 result: the total, its band, each parameter's points (null when unknown). */
export interface News2Result {
  score: number;
  band: News2Band;
  points: Record<News2Parameter, number | null>;
  /** Parameters that were not recorded and so added nothing. */
  missing: News2Parameter[];
  /** True when every parameter was recorded. */
  complete: boolean;
  /** True when any single parameter scored 3 (the RCP "red score"). */
  singleParameterThree: boolean;
}

/** Degrees Fahrenheit to degrees Celsius, unrounded. */
export function fahrenheitToCelsius(fahrenheit: number): number {
  return ((fahrenheit - 32) * 5) / 9;
}

/** Degrees Celsius to degrees Fahrenheit, unrounded. */
export function celsiusToFahrenheit(celsius: number): number {
  return (celsius * 9) / 5 + 32;
}

/** Respiratory rate (breaths/min): <=8:3, 9-11:1, 12-20:0, 21-24:2, >=25:3. */
export function news2RespiratoryRatePoints(rate: number): number {
  if (rate <= 8) return 3;
  if (rate <= 11) return 1;
  if (rate <= 20) return 0;
  if (rate <= 24) return 2;
  return 3;
}

/** SpO2 scale 1 (%): <=91:3, 92-93:2, 94-95:1, >=96:0. */
export function news2OxygenSaturationPoints(spo2: number): number {
  if (spo2 <= 91) return 3;
  if (spo2 <= 93) return 2;
  if (spo2 <= 95) return 1;
  return 0;
}

/** Supplemental oxygen: 2 points on oxygen, 0 on air. */
export function news2SupplementalOxygenPoints(onOxygen: boolean): number {
  return onOxygen ? 2 : 0;
}

/** Systolic blood pressure (mmHg): <=90:3, 91-100:2, 101-110:1, 111-219:0, >=220:3. */
export function news2SystolicPoints(systolic: number): number {
  if (systolic <= 90) return 3;
  if (systolic <= 100) return 2;
  if (systolic <= 110) return 1;
  if (systolic < 220) return 0;
  return 3;
}

/** Pulse (beats/min): <=40:3, 41-50:1, 51-90:0, 91-110:1, 111-130:2, >=131:3. */
export function news2PulsePoints(pulse: number): number {
  if (pulse <= 40) return 3;
  if (pulse <= 50) return 1;
  if (pulse <= 90) return 0;
  if (pulse <= 110) return 1;
  if (pulse <= 130) return 2;
  return 3;
}

/** Consciousness from the Glasgow Coma Scale: not alert (GCS below 15) scores 3. */
export function news2ConsciousnessPoints(glasgowComaScale: number): number {
  return glasgowComaScale < 15 ? 3 : 0;
}

/**
 * Temperature in Celsius, rounded to one decimal first:
 * <=35.0:3, 35.1-36.0:1, 36.1-38.0:0, 38.1-39.0:1, >=39.1:2.
 */
export function news2TemperaturePoints(celsius: number): number {
  const c = Math.round(celsius * 10) / 10;
  if (c <= 35.0) return 3;
  if (c <= 36.0) return 1;
  if (c <= 38.0) return 0;
  if (c <= 39.0) return 1;
  return 2;
}

/** The RCP band of a total: >=7 high, 5-6 medium, else low-medium when one parameter scored 3, else low. */
export function news2Band(score: number, singleParameterThree: boolean): News2Band {
  if (score >= 7) return 'high';
  if (score >= 5) return 'medium';
  return singleParameterThree ? 'low-medium' : 'low';
}

const scoreIfKnown = (value: number | null | undefined, score: (v: number) => number): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? score(value) : null;

/**
 * NEWS2 of a set of vital signs (temperature in Fahrenheit). Unknown parameters add 0 and are listed
 * in `missing`; null when none of the six physiological measurements is known.
 */
export function computeNews2(v: VitalSignsInput | null | undefined): News2Result | null {
  if (!v) return null;
  const onOxygen = v.supplementalOxygen;
  const points: Record<News2Parameter, number | null> = {
    respiratoryRate: scoreIfKnown(v.respiratoryRate, news2RespiratoryRatePoints),
    oxygenSaturation: scoreIfKnown(v.oxygenSaturation, news2OxygenSaturationPoints),
    supplementalOxygen: typeof onOxygen === 'boolean' ? news2SupplementalOxygenPoints(onOxygen) : null,
    systolic: scoreIfKnown(v.bloodPressure?.systolic, news2SystolicPoints),
    pulse: scoreIfKnown(v.heartRate, news2PulsePoints),
    consciousness: scoreIfKnown(v.glasgowComaScale, news2ConsciousnessPoints),
    temperature: scoreIfKnown(v.temperature, (f) => news2TemperaturePoints(fahrenheitToCelsius(f))),
  };
  const measured = NEWS2_PARAMETERS.filter((p) => p !== 'supplementalOxygen' && points[p] !== null);
  if (measured.length === 0) return null;
  const missing = NEWS2_PARAMETERS.filter((p) => points[p] === null);
  const total = NEWS2_PARAMETERS.reduce((sum, p) => sum + (points[p] ?? 0), 0);
  const singleParameterThree = NEWS2_PARAMETERS.some((p) => points[p] === 3);
  return {
    score: total,
    band: news2Band(total, singleParameterThree),
    points,
    missing,
    complete: missing.length === 0,
    singleParameterThree,
  };
}

/** The label shown on queue cards and details: "NEWS2 n". */
export function news2Label(result: Pick<News2Result, 'score'>): string {
  return `NEWS2 ${result.score}`;
}
