import { EVENT_YEARS, PERSON_YEARS, type YearRange } from '@clinic/domain/contracts/calendar-date';
import { ENCOUNTER_STATUSES, OBSERVATION_CODES, parseDateParam, type DateBound } from '@clinic/domain/rules/fhir';
import { AppError } from '../../platform/errors.js';

/** Default and largest page of a search (`_count`). */
export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;

/** Query parameters any FHIR request may carry besides a resource's own: paging, format, the tenant selectors of a staff session. */
const COMMON = ['_count', '_offset', '_format', 'organizationId', 'clinicId'];

/** The search parameters each resource supports (the CapabilityStatement lists the same). */
export const SEARCH_PARAMS = {
  Patient: {
    identifier: 'token',
    name: 'string',
    family: 'string',
    given: 'string',
    birthdate: 'date',
    gender: 'token',
    phone: 'token',
    email: 'token',
  },
  Encounter: { patient: 'reference', date: 'date', status: 'token' },
  Observation: { patient: 'reference', code: 'token', date: 'date', category: 'token' },
} as const;
export type SearchResource = keyof typeof SEARCH_PARAMS;

const bad = (message: string) => new AppError('validation/invalid', message);

/** A parsed search: its parameters (each value list) and its page. */
export interface Search {
  params: Map<string, string[]>;
  count: number;
  offset: number;
}

const intParam = (name: string, raw: string[] | undefined, fallback: number, max: number): number => {
  if (!raw) return fallback;
  if (raw.length !== 1 || !/^\d{1,7}$/.test(raw[0])) throw bad(`${name} must be a whole number.`);
  const n = Number(raw[0]);
  if (n > max) throw bad(`${name} may be at most ${max}.`);
  return n;
};

/** Reads a search's query: unknown parameters, modifiers and bad paging are a 400. */
export function parseSearch(resource: SearchResource, query: unknown): Search {
  const params = new Map<string, string[]>();
  const supported: Record<string, string> = SEARCH_PARAMS[resource];
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const values = (Array.isArray(value) ? value : [value]).map(String);
    if (!(name in supported) && !COMMON.includes(name)) throw bad(`Unknown or unsupported search parameter: ${name}`);
    if (values.some((v) => v.length === 0 || v.length > 200)) throw bad(`The search parameter ${name} has an empty or over-long value.`);
    params.set(name, values);
  }
  const format = params.get('_format')?.[0];
  if (format && !['json', 'application/json', 'application/fhir+json'].includes(format)) throw bad('Only JSON is supported (_format=json).');
  const count = intParam('_count', params.get('_count'), DEFAULT_COUNT, MAX_COUNT);
  const offset = intParam('_offset', params.get('_offset'), 0, 1_000_000);
  for (const name of COMMON) params.delete(name);
  return { params, count, offset };
}

/** The years each date parameter may name: birth dates are a person's, the others events'. */
const DATE_PARAM_YEARS: Record<'birthdate' | 'date', YearRange> = { birthdate: PERSON_YEARS, date: EVENT_YEARS };

/**
 * The date bounds of a date parameter (each value one bound: `date=ge2026-01-01&date=lt2026-02-01`).
 * A value that is no real date of the parameter's years is a 400 naming the parameter.
 */
export function dateBounds(search: Search, name: keyof typeof DATE_PARAM_YEARS): DateBound[] {
  const years = DATE_PARAM_YEARS[name];
  return (search.params.get(name) ?? []).map((value) => {
    const bound = parseDateParam(value, years);
    if (!bound) {
      throw bad(`${name} must be a real FHIR date between ${years.minYear} and ${years.maxYear}, such as 2026-01-31 or ge2026-01 (got ${value}).`);
    }
    return bound;
  });
}

/** A single-valued parameter's value (several values are a 400), split on commas when `list`. */
export function single(search: Search, name: string): string | undefined {
  const values = search.params.get(name);
  if (!values) return undefined;
  if (values.length > 1) throw bad(`${name} may be given once.`);
  return values[0];
}

/** The patient id of a reference parameter (`Patient/abc` or `abc`). */
export function patientParam(search: Search): string | undefined {
  const value = single(search, 'patient');
  if (value === undefined) return undefined;
  const id = value.startsWith('Patient/') ? value.slice('Patient/'.length) : value;
  if (!/^[A-Za-z0-9\-.]{1,64}$/.test(id)) throw bad('patient must be a Patient id or reference.');
  return id;
}

/** The Encounter statuses a `status` parameter asks for (comma-separated: any of them). */
export function statusParam(search: Search): Set<string> | undefined {
  const value = single(search, 'status');
  if (value === undefined) return undefined;
  const statuses = value.split(',');
  for (const s of statuses) if (!(ENCOUNTER_STATUSES as readonly string[]).includes(s)) throw bad(`Unknown Encounter status: ${s}`);
  return new Set(statuses);
}

/** The LOINC codes a `code` parameter asks for (`http://loinc.org|8867-4` or `8867-4`, comma-separated). */
export function codeParam(search: Search): Set<string> | undefined {
  const value = single(search, 'code');
  if (value === undefined) return undefined;
  const codes = value.split(',').map((token) => {
    const [system, code] = token.includes('|') ? token.split('|', 2) : ['', token];
    if (system && system !== 'http://loinc.org') throw bad(`Only LOINC codes are supported (got system ${system}).`);
    return code;
  });
  return new Set(codes.filter((c) => OBSERVATION_CODES.includes(c)));
}

/** A `category` parameter: only vital-signs is published. */
export function categoryMatches(search: Search): boolean {
  const value = single(search, 'category');
  if (value === undefined) return true;
  return value.split(',').some((token) => {
    const code = token.includes('|') ? token.split('|', 2)[1] : token;
    return code === 'vital-signs';
  });
}
