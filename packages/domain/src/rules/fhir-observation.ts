/**
 * The vital signs recorded on a queue entry as FHIR R4 `Observation`s of category vital-signs,
 * with their LOINC codes and UCUM units. Pure: the server reads the rows and calls these.
 */
import type { Observation } from 'fhir/r4';
import { encounterId } from './fhir-encounter.js';
import type { VitalSignsInput } from './news2.js';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const VITAL_SIGNS_CATEGORY = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs', display: 'Vital Signs' }],
  text: 'Vital Signs',
};

/** The vital signs of a queue entry as stored (temperature in °F): the measurements NEWS2 reads. */
export type StoredVitals = Omit<VitalSignsInput, 'supplementalOxygen'>;

/** One vital sign: its Observation id suffix, LOINC code and name, and UCUM unit. */
interface VitalCode {
  suffix: string;
  code: string;
  display: string;
  unit: string;
  ucum: string;
}

/** The vital signs the server publishes, by LOINC code. */
export const VITAL_CODES = {
  heartRate: { suffix: 'hr', code: '8867-4', display: 'Heart rate', unit: '/min', ucum: '/min' },
  bloodPressure: { suffix: 'bp', code: '85354-9', display: 'Blood pressure panel with all children optional', unit: 'mm[Hg]', ucum: 'mm[Hg]' },
  systolic: { suffix: 'sys', code: '8480-6', display: 'Systolic blood pressure', unit: 'mmHg', ucum: 'mm[Hg]' },
  diastolic: { suffix: 'dia', code: '8462-4', display: 'Diastolic blood pressure', unit: 'mmHg', ucum: 'mm[Hg]' },
  oxygenSaturation: { suffix: 'spo2', code: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry', unit: '%', ucum: '%' },
  temperature: { suffix: 'temp', code: '8310-5', display: 'Body temperature', unit: 'degF', ucum: '[degF]' },
  respiratoryRate: { suffix: 'rr', code: '9279-1', display: 'Respiratory rate', unit: '/min', ucum: '/min' },
  glasgowComaScale: { suffix: 'gcs', code: '9269-2', display: 'Glasgow coma score total', unit: '{score}', ucum: '{score}' },
  weight: { suffix: 'wt', code: '29463-7', display: 'Body weight', unit: 'kg', ucum: 'kg' },
} as const satisfies Record<string, VitalCode>;

/** The LOINC codes of the Observations the server publishes (the blood pressure panel's, not its components'). */
export const OBSERVATION_CODES: readonly string[] = Object.entries(VITAL_CODES)
  .filter(([name]) => name !== 'systolic' && name !== 'diastolic')
  .map(([, v]) => v.code);

const concept = (v: VitalCode) => ({ coding: [{ system: LOINC, code: v.code, display: v.display }], text: v.display });
const quantity = (v: VitalCode, value: number) => ({ value, unit: v.unit, system: UCUM, code: v.ucum });

/** A queue entry's recorded vital signs, as the server reads them. */
export interface FhirVitalsSource {
  entryId: string;
  patientId: string;
  recordedAt: Date;
  vitals: StoredVitals | null;
  /** Weight in kilograms (the emergency room's entry details), and when it was recorded. */
  weightKg?: number | null;
  weightRecordedAt?: Date | null;
}

/** Observation ids: `<queue entry id>-<vital>` (`…-hr`, `…-bp`). */
export const observationId = {
  of: (entryId: string, vital: VitalCode) => `${entryId}-${vital.suffix}`,
  /** The queue entry and the vital an Observation id names, or null. */
  parse(id: string): { entryId: string; code: string } | null {
    const at = id.lastIndexOf('-');
    if (at <= 0) return null;
    const suffix = id.slice(at + 1);
    const vital = Object.values(VITAL_CODES).find((v) => v.suffix === suffix && v.code !== '8480-6' && v.code !== '8462-4');
    return vital ? { entryId: id.slice(0, at), code: vital.code } : null;
  },
};

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The vital signs of one queue entry as FHIR Observations (category vital-signs, LOINC, UCUM), in a fixed order. */
export function vitalObservations(source: FhirVitalsSource): Observation[] {
  const v = source.vitals ?? {};
  const base = (vital: VitalCode, at: Date): Observation => ({
    resourceType: 'Observation',
    id: observationId.of(source.entryId, vital),
    status: 'final',
    category: [VITAL_SIGNS_CATEGORY],
    code: concept(vital),
    subject: { reference: `Patient/${source.patientId}` },
    encounter: { reference: `Encounter/${encounterId.queue(source.entryId)}` },
    effectiveDateTime: at.toISOString(),
  });
  const single = (vital: VitalCode, value: unknown, at = source.recordedAt): Observation[] =>
    isNumber(value) ? [{ ...base(vital, at), valueQuantity: quantity(vital, value) }] : [];
  const out: Observation[] = [...single(VITAL_CODES.heartRate, v.heartRate)];
  const bp = v.bloodPressure;
  if (bp && (isNumber(bp.systolic) || isNumber(bp.diastolic))) {
    const component: NonNullable<Observation['component']> = [];
    if (isNumber(bp.systolic)) component.push({ code: concept(VITAL_CODES.systolic), valueQuantity: quantity(VITAL_CODES.systolic, bp.systolic) });
    if (isNumber(bp.diastolic))
      component.push({ code: concept(VITAL_CODES.diastolic), valueQuantity: quantity(VITAL_CODES.diastolic, bp.diastolic) });
    out.push({ ...base(VITAL_CODES.bloodPressure, source.recordedAt), component });
  }
  out.push(
    ...single(VITAL_CODES.oxygenSaturation, v.oxygenSaturation),
    ...single(VITAL_CODES.temperature, v.temperature),
    ...single(VITAL_CODES.respiratoryRate, v.respiratoryRate),
    ...single(VITAL_CODES.glasgowComaScale, v.glasgowComaScale),
    ...single(VITAL_CODES.weight, source.weightKg, source.weightRecordedAt ?? source.recordedAt),
  );
  return out;
}

/** The LOINC code of an Observation (its first coding). */
export const observationCode = (o: Observation): string | undefined => o.code.coding?.[0]?.code;
