/**
 * The product's records as FHIR R4 resources: directory patients as `Patient`, visits
 * and queue episodes as `Encounter`, the vital signs recorded on a queue entry as `Observation`s of
 * category vital-signs with their LOINC codes and UCUM units, and the search parameters' dates.
 * Pure: the server reads the rows and calls these.
 */
import type { Bundle, BundleEntry, BundleLink, Encounter, Observation, OperationOutcome, Patient, Resource } from 'fhir/r4';
import { isCalendarDate, type YearRange } from '../contracts/calendar-date.js';

/** The system of the product's patient identifiers (the patient's record id). */
export const PATIENT_IDENTIFIER_SYSTEM = 'urn:clinicflow:patient';
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const VITAL_SIGNS_CATEGORY = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs', display: 'Vital Signs' }],
  text: 'Vital Signs',
};

/** A directory patient, as the server reads it. */
export interface FhirPatientSource {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  dateOfBirth: string | null;
  gender: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  archived: boolean;
  updatedAt: Date;
}

const FHIR_GENDERS = new Set(['male', 'female', 'other']);

/** A directory patient as a FHIR `Patient`. */
export function toFhirPatient(p: FhirPatientSource): Patient {
  const patient: Patient = {
    resourceType: 'Patient',
    id: p.id,
    meta: { lastUpdated: p.updatedAt.toISOString() },
    identifier: [{ use: 'usual', system: PATIENT_IDENTIFIER_SYSTEM, value: p.id }],
    active: !p.archived,
    name: [{ use: 'official', family: p.lastName, given: [p.firstName], text: `${p.firstName} ${p.lastName}` }],
    gender: p.gender && FHIR_GENDERS.has(p.gender) ? (p.gender as Patient['gender']) : 'unknown',
  };
  const telecom: NonNullable<Patient['telecom']> = [];
  if (p.phone) telecom.push({ system: 'phone', value: p.phone, use: 'home' });
  if (p.email) telecom.push({ system: 'email', value: p.email });
  if (telecom.length > 0) patient.telecom = telecom;
  if (p.dateOfBirth) patient.birthDate = p.dateOfBirth;
  if (p.street || p.city || p.state || p.zipCode) {
    patient.address = [
      {
        use: 'home',
        ...(p.street ? { line: [p.street] } : {}),
        ...(p.city ? { city: p.city } : {}),
        ...(p.state ? { state: p.state } : {}),
        ...(p.zipCode ? { postalCode: p.zipCode } : {}),
        ...(p.country ? { country: p.country } : {}),
      },
    ];
  }
  return patient;
}

/** FHIR Encounter statuses. */
export type EncounterStatus = Encounter['status'];

/** A queue entry's status as an Encounter status: the episode at the clinic. */
export const QUEUE_ENCOUNTER_STATUS: Record<string, EncounterStatus> = {
  waiting: 'arrived',
  'in-progress': 'in-progress',
  completed: 'finished',
  cancelled: 'cancelled',
  admitted: 'finished',
  'emergency-admitted': 'finished',
};
/** A visit's status as an Encounter status. */
export const VISIT_ENCOUNTER_STATUS: Record<string, EncounterStatus> = {
  completed: 'finished',
  'in-progress': 'in-progress',
  scheduled: 'planned',
  cancelled: 'cancelled',
};
/** The Encounter statuses a search may ask for. */
export const ENCOUNTER_STATUSES = [
  'planned',
  'arrived',
  'triaged',
  'in-progress',
  'onleave',
  'finished',
  'cancelled',
  'entered-in-error',
  'unknown',
] as const;

const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const AMBULATORY = { system: ACT_CODE, code: 'AMB', display: 'ambulatory' };
const EMERGENCY = { system: ACT_CODE, code: 'EMER', display: 'emergency' };

/** Ids of Encounters: `q-<queue entry id>` for a queue episode, `v-<visit id>` for a visit. */
export const encounterId = {
  queue: (entryId: string) => `q-${entryId}`,
  visit: (visitId: string) => `v-${visitId}`,
  /** The kind and record id an Encounter id names, or null for an id of neither form. */
  parse(id: string): { kind: 'queue' | 'visit'; id: string } | null {
    const match = /^([qv])-(.+)$/.exec(id);
    if (!match) return null;
    return { kind: match[1] === 'q' ? 'queue' : 'visit', id: match[2] };
  },
};

/** A queue episode, as the server reads it. */
export interface FhirQueueEpisodeSource {
  id: string;
  patientId: string;
  status: string;
  department: string;
  chiefComplaint: string;
  createdAt: Date;
  endedAt: Date | null;
}

/** A queue episode as an `Encounter`: arrived at check-in, ended when care ended. */
export function queueEpisodeEncounter(e: FhirQueueEpisodeSource): Encounter {
  const emergency = e.department === 'emergency' || e.status === 'emergency-admitted';
  return {
    resourceType: 'Encounter',
    id: encounterId.queue(e.id),
    status: QUEUE_ENCOUNTER_STATUS[e.status] ?? 'unknown',
    class: emergency ? EMERGENCY : AMBULATORY,
    type: [{ text: 'Queue episode' }],
    subject: { reference: `Patient/${e.patientId}` },
    period: { start: e.createdAt.toISOString(), ...(e.endedAt ? { end: e.endedAt.toISOString() } : {}) },
    reasonCode: [{ text: e.chiefComplaint }],
  };
}

/** A visit of the patient's record, as the server reads it. */
export interface FhirVisitSource {
  id: string;
  patientId: string;
  status: string;
  type: string;
  doctor: string;
  visitedAt: Date;
  symptoms: string | null;
}

/** A visit as an `Encounter`. */
export function visitEncounter(v: FhirVisitSource): Encounter {
  const encounter: Encounter = {
    resourceType: 'Encounter',
    id: encounterId.visit(v.id),
    status: VISIT_ENCOUNTER_STATUS[v.status] ?? 'unknown',
    class: v.type.toLowerCase() === 'emergency' ? EMERGENCY : AMBULATORY,
    type: [{ text: v.type }],
    subject: { reference: `Patient/${v.patientId}` },
    participant: [{ individual: { display: v.doctor } }],
    period: { start: v.visitedAt.toISOString() },
  };
  if (v.symptoms) encounter.reasonCode = [{ text: v.symptoms }];
  return encounter;
}

/** The vital signs of a queue entry as stored (temperature in °F), and the weight staff recorded in kg. */
export interface StoredVitals {
  heartRate?: number | null;
  bloodPressure?: { systolic?: number | null; diastolic?: number | null } | null;
  oxygenSaturation?: number | null;
  temperature?: number | null;
  respiratoryRate?: number | null;
  glasgowComaScale?: number | null;
}

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

/** A date search value's comparison and the half-open range [start, end) its precision covers. */
export interface DateBound {
  prefix: 'eq' | 'ge' | 'gt' | 'le' | 'lt';
  start: Date;
  end: Date;
}

const DATE_VALUE = /^(eq|ge|gt|le|lt)?(\d{4})(?:-(\d{2})(?:-(\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** Midnight UTC of a day; `setUTCFullYear` because `Date.UTC` reads years 0-99 as 1900-1999. */
function utcDay(year: number, monthIndex: number, day: number): Date {
  const d = new Date(Date.UTC(2000, monthIndex, day));
  d.setUTCFullYear(year, monthIndex, day);
  return d;
}

/**
 * Reads a FHIR date search value (`[prefix]YYYY[-MM[-DD[Thh:mm[:ss]zone]]]`): the comparison and
 * the range its precision covers (a day, a month, a year, or the instant). Null when it is not one:
 * not that shape, not a real day (the calendar-date contract's check), or its year outside `range`
 * (by default any year 0001-9999), so no value is silently read as another date.
 */
export function parseDateParam(value: string, range?: YearRange): DateBound | null {
  const m = DATE_VALUE.exec(value);
  if (!m) return null;
  const prefix = (m[1] ?? 'eq') as DateBound['prefix'];
  const [year, month, day] = [Number(m[2]), m[3] ? Number(m[3]) : null, m[4] ? Number(m[4]) : null];
  // The first day the value names stands for it: a real day, its year in range.
  if (!isCalendarDate(`${m[2]}-${m[3] ?? '01'}-${m[4] ?? '01'}`, range)) return null;
  if (m[5]) {
    const start = new Date(`${m[2]}-${m[3]}-${m[4]}${m[5]}`);
    if (Number.isNaN(start.getTime())) return null;
    return { prefix, start, end: new Date(start.getTime() + 1) };
  }
  const start = utcDay(year, (month ?? 1) - 1, day ?? 1);
  const end = day !== null ? utcDay(year, month! - 1, day + 1) : month !== null ? utcDay(year, month, 1) : utcDay(year + 1, 0, 1);
  return { prefix, start, end };
}

/**
 * The instants a date search value accepts, as a half-open range: from `from` (inclusive, none:
 * no lower end) to `before` (exclusive, none: no upper end). `gt` and `le` are judged by the end
 * of the value's precision (`gt2026-01-15` is from the 16th), `ge` and `lt` by its start.
 */
export function dateRange(bound: DateBound): { from?: Date; before?: Date } {
  switch (bound.prefix) {
    case 'eq':
      return { from: bound.start, before: bound.end };
    case 'ge':
      return { from: bound.start };
    case 'gt':
      return { from: bound.end };
    case 'le':
      return { before: bound.end };
    case 'lt':
      return { before: bound.start };
  }
}

/** Whether the instant `at` matches a date search value ({@link dateRange}). */
export function dateMatches(at: Date, bound: DateBound): boolean {
  const { from, before } = dateRange(bound);
  return (!from || at.getTime() >= from.getTime()) && (!before || at.getTime() < before.getTime());
}

/** A page of a search: the resources of the page, where it starts and how many match in all. */
export interface SearchPage {
  resources: Resource[];
  total: number;
  offset: number;
  count: number;
  /** The search's URL without `_offset` and `_count` (absolute), for the Bundle's links. */
  selfUrl: URL;
}

const withPaging = (base: URL, offset: number, count: number) => {
  const url = new URL(base);
  url.searchParams.set('_count', String(count));
  url.searchParams.set('_offset', String(offset));
  return url.toString();
};

/** A search's answer: a searchset Bundle with its total and its self, next and previous links. */
export function searchsetBundle(page: SearchPage, fullUrlBase: string): Bundle {
  const link: BundleLink[] = [{ relation: 'self', url: withPaging(page.selfUrl, page.offset, page.count) }];
  if (page.offset + page.count < page.total) link.push({ relation: 'next', url: withPaging(page.selfUrl, page.offset + page.count, page.count) });
  if (page.offset > 0) link.push({ relation: 'previous', url: withPaging(page.selfUrl, Math.max(0, page.offset - page.count), page.count) });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: page.total,
    link,
    entry: page.resources.map((resource) => entryOf(resource, fullUrlBase)),
  };
}

/** A Bundle entry with its full URL and search mode. */
export function entryOf(resource: Resource, fullUrlBase: string, mode: 'match' | 'include' = 'match'): BundleEntry {
  return { fullUrl: `${fullUrlBase}/${resource.resourceType}/${resource.id}`, resource, search: { mode } };
}

/** FHIR issue codes the server answers with. */
export type OutcomeCode = 'login' | 'forbidden' | 'not-found' | 'invalid' | 'throttled' | 'exception' | 'business-rule' | 'not-supported';

/** An error as an `OperationOutcome`. */
export function operationOutcome(code: OutcomeCode, diagnostics: string, severity: 'error' | 'fatal' = 'error'): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code, diagnostics }] };
}
