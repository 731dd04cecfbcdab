/**
 * Clinical fields shared by the kiosk, queue and risk contracts: chief complaint and clinical list
 * limits, the clinical list field, and vital signs with their physiological bounds.
 */
import { z } from 'zod';
import { clinicalList } from '../rules/risk-score.js';
import { LONG_TEXT } from './common.js';

/** Longest chief complaint. */
export const CHIEF_COMPLAINT_MAX = 1000;
/** Longest item of a clinical list (a symptom, condition, allergy, medication). */
export const CLINICAL_ITEM_MAX = 200;
/** Most items in a clinical list. */
export const CLINICAL_LIST_MAX = 50;

/**
 * A clinical list: an array, or one text separated by commas (also semicolons or lines); items
 * trimmed, empties dropped, each at most 200 characters, at most 50 items.
 */
export const clinicalListField = z
  .union([z.string().max(LONG_TEXT), z.array(z.string().max(CLINICAL_ITEM_MAX)).max(CLINICAL_LIST_MAX)])
  .nullish()
  .transform((v) => clinicalList(v))
  .pipe(z.array(z.string().max(CLINICAL_ITEM_MAX)).max(CLINICAL_LIST_MAX));

/** Physiological bounds a recorded vital sign must fall in; anything outside is a typing error. */
export const VITAL_BOUNDS = {
  heartRate: { min: 20, max: 300 },
  systolic: { min: 40, max: 300 },
  diastolic: { min: 20, max: 200 },
  oxygenSaturation: { min: 50, max: 100 },
  temperature: { min: 80, max: 115 },
  respiratoryRate: { min: 1, max: 80 },
  glasgowComaScale: { min: 3, max: 15 },
} as const;

const whole = (b: { min: number; max: number }) => z.number().int().min(b.min).max(b.max).nullish();
const B = VITAL_BOUNDS;

/**
 * Every vital sign, each optional and within its bounds, before the blood-pressure rule: the base
 * of `queueVitalSigns` and of the record-vitals body. Wrap it in `withBloodPressureRule`.
 */
export const vitalSignFields = z.object({
  heartRate: whole(B.heartRate),
  bloodPressure: z.object({ systolic: whole(B.systolic), diastolic: whole(B.diastolic) }).nullish(),
  oxygenSaturation: whole(B.oxygenSaturation),
  /** Degrees Fahrenheit. */
  temperature: z.number().min(B.temperature.min).max(B.temperature.max).nullish(),
  respiratoryRate: whole(B.respiratoryRate),
  glasgowComaScale: whole(B.glasgowComaScale),
  supplementalOxygen: z.boolean().nullish(),
});
type VitalFields = z.infer<typeof vitalSignFields>;

const systolicAboveDiastolic = (v: VitalFields) => {
  const bp = v.bloodPressure;
  return !(bp && typeof bp.systolic === 'number' && typeof bp.diastolic === 'number') || bp.systolic > bp.diastolic;
};

/** `schema` that also refuses a systolic pressure at or below the diastolic, on the systolic field. */
export function withBloodPressureRule<T extends z.ZodType<VitalFields>>(schema: T): T {
  return schema.refine(systolicAboveDiastolic, {
    message: 'Systolic pressure must be above diastolic',
    path: ['bloodPressure', 'systolic'],
  });
}

/** Vital signs as stored on a queue entry (temperature in Fahrenheit); every field optional. */
export const queueVitalSigns = withBloodPressureRule(vitalSignFields);
/** Vital signs. */
export type QueueVitalSigns = z.infer<typeof queueVitalSigns>;
