import fc from 'fast-check';
import { z } from 'zod';
import { HOSTILE_DATES, HOSTILE_NUMBERS, HOSTILE_SHAPES, HOSTILE_STRINGS } from './fuzz-hostile.js';

/**
 * Values for a route's contract, drawn by fast-check from the contract's JSON Schema (zod 4's
 * `z.toJSONSchema`, the same the OpenAPI document shows): mostly values the contract accepts, so
 * that requests reach the handler and the database, and values with a few fields made hostile.
 */

/** The part of JSON Schema that zod 4 writes for our contracts. */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
}

/** The JSON Schema of a request part's contract, as the caller sends it (`io: 'input'`). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** Values the test knows exist (the organization's and its records' ids), by field name. */
export type KnownValues = Record<string, readonly string[]>;

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** Real dates across the years people and events live in, with the two ends. */
const calendarDay = fc
  .integer({ min: Date.UTC(1900, 0, 1) / DAY_MS, max: Date.UTC(2100, 11, 31) / DAY_MS })
  .map((d) => isoDay(new Date(d * DAY_MS)));
const instant = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
/** Recent days and instants: most event dates a contract accepts lie here. */
const today = Math.floor(Date.now() / DAY_MS);
const recentDay = fc.integer({ min: today - 3 * 365, max: today + 200 }).map((d) => isoDay(new Date(d * DAY_MS)));
const pastInstant = fc.integer({ min: 1, max: 30 * 24 * 60 }).map((minutes) => new Date(Date.now() - minutes * 60_000).toISOString());
const birthDay = fc.integer({ min: Date.UTC(1925, 0, 1) / DAY_MS, max: Date.UTC(2024, 11, 31) / DAY_MS }).map((d) => isoDay(new Date(d * DAY_MS)));

/**
 * Text fields whose contract checks more than JSON Schema can say (a refinement: an e-mail, a phone
 * number, a time zone), recognised by name, so that most generated requests pass validation.
 */
const HINTS: Array<[RegExp, fc.Arbitrary<string>]> = [
  [
    /e-?mail$/i,
    fc.tuple(fc.stringMatching(/^[a-z]{2,10}$/), fc.constantFrom('example.com', 'clinic.example', 'mail.test')).map(([u, d]) => `${u}@${d}`),
  ],
  [/phone$/i, fc.stringMatching(/^\+?1?[2-9]\d{2}[ -]?\d{3}[ -]?\d{4}$/)],
  [/gender$/i, fc.constantFrom('male', 'female', 'other')],
  [/time-?zone$/i, fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati')],
  [/^(zip|zipCode|postalCode)$/i, fc.stringMatching(/^\d{5}$/)],
  [/(endpoint|url|website|baseUrl)$/i, fc.constantFrom('https://example.com', 'https://ehr.example.com/fhir/R4', 'https://lab.example.org/api')],
  [/^(ipWhitelist|ip)$/i, fc.constantFrom('203.0.113.0/24', '198.51.100.7', '2001:db8::/32')],
  [/(dateOfBirth|birthDate|birthdate)$/i, birthDay],
  [/password$/i, fc.stringMatching(/^[A-Za-z]{6,12}$/).map((s) => `${s}-Fz9!${s.length}`)],
  [/(firstName|lastName|name)$/i, fc.constantFrom('Ana', 'Bo', "O'Brien", 'Zoë', 'Jean-Luc', 'María José', 'Nguyễn', 'Kowalski')],
  [/(Date|^date)$/, recentDay],
  [/(At|^timestamp|^time)$/, pastInstant],
];

/** Hostile values for a field of `schema`: its type's hostile values, and every other kind. */
export function hostileFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const dateLike = schema.format === 'date' || schema.format === 'date-time';
  const own: unknown[] = [];
  if (dateLike) own.push(...HOSTILE_DATES);
  if (types.includes('string')) {
    own.push(...HOSTILE_STRINGS);
    if (schema.maxLength !== undefined && schema.maxLength < 20_000) own.push('y'.repeat(schema.maxLength + 1));
  }
  if (types.includes('number') || types.includes('integer')) {
    own.push(...HOSTILE_NUMBERS);
    if (schema.maximum !== undefined) own.push(schema.maximum + 1, schema.maximum + 0.5);
    if (schema.minimum !== undefined) own.push(schema.minimum - 1);
  }
  const any: unknown[] = [...HOSTILE_SHAPES, ...HOSTILE_STRINGS.slice(0, 8), ...HOSTILE_NUMBERS.slice(0, 4), ...HOSTILE_DATES.slice(0, 6)];
  return own.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...own) }, { weight: 1, arbitrary: fc.constantFrom(...any) })
    : fc.constantFrom(...any);
}

export const typesOf = (s: JsonSchema): string[] =>
  s.anyOf
    ? s.anyOf.flatMap(typesOf)
    : s.oneOf
      ? s.oneOf.flatMap(typesOf)
      : Array.isArray(s.type)
        ? s.type
        : s.type
          ? [s.type]
          : s.enum
            ? [...new Set(s.enum.map((v) => typeof v))]
            : [];

/** A value `schema` accepts (or nearly: a pattern and a length limit are tried, not proven). */
export function validFor(schema: JsonSchema, known: KnownValues, name = '', depth = 0): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validFor(s, known, name, depth)));
  if (schema.allOf?.length) return validFor(Object.assign({}, ...schema.allOf) as JsonSchema, known, name, depth);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validFor({ ...schema, type }, known, name, depth)));
  switch (types[0]) {
    case 'string':
      return stringFor(schema, known, name);
    case 'integer':
      return fc.integer({
        min: bound(schema.minimum, schema.exclusiveMinimum, -1e6, 1),
        max: bound(schema.maximum, schema.exclusiveMaximum, 1e6, -1),
      });
    case 'number': {
      // Tenths, as readings are written (a temperature takes one decimal); the bounds' own values included.
      const low = Math.ceil((schema.minimum ?? (schema.exclusiveMinimum ?? -1e6) + 0.1) * 10);
      const high = Math.floor((schema.maximum ?? (schema.exclusiveMaximum ?? 1e6) - 0.1) * 10);
      return high >= low ? fc.integer({ min: low, max: high }).map((n) => n / 10) : fc.constant(low / 10);
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = schema.minItems ?? 0;
      const size = { minLength: min, maxLength: Math.max(min, Math.min(schema.maxItems ?? 4, 4)) };
      const item = validFor(schema.items ?? {}, known, name, depth + 1);
      // Lists of names and codes are sets to most contracts ("each scope may be listed once").
      return typesOf(schema.items ?? {}).every((t) => t === 'string' || t === 'number' || t === 'integer') && typesOf(schema.items ?? {}).length
        ? fc.uniqueArray(item, size)
        : fc.array(item, size);
    }
    case 'object':
      return objectFor(schema, known, depth);
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

const bound = (inclusive: number | undefined, exclusive: number | undefined, fallback: number, step: number) =>
  Math.trunc(
    Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, inclusive ?? (exclusive !== undefined ? exclusive + step : fallback))),
  );

function stringFor(schema: JsonSchema, known: KnownValues, name: string): fc.Arbitrary<string> {
  const max = schema.maxLength ?? 10_000;
  const min = Math.min(schema.minLength ?? 0, max);
  // Clamped, never filtered: a filter that rejects most draws would spin for ever.
  const fit = (s: string) => (s.length > max ? s.slice(0, max) : s.length < min ? s.padEnd(min, s || 'a') : s);
  const short = Math.max(min, Math.min(max, 40));
  const text = fc.string({ minLength: min, maxLength: short, unit: 'grapheme' }).map(fit);
  const options: Array<fc.WeightedArbitrary<string>> = [];
  const ids = known[name];
  if (ids?.length) options.push({ weight: 6, arbitrary: fc.constantFrom(...ids) });
  // The name says more than the format or pattern (a date of birth is a date, and in the past).
  const hint = schema.enum ? undefined : HINTS.find(([re]) => re.test(name))?.[1];
  if (hint) options.push({ weight: 12, arbitrary: hint.map(fit) }, { weight: 1, arbitrary: text });
  else if (schema.format === 'date')
    options.push({ weight: 4, arbitrary: fc.oneof({ weight: 4, arbitrary: recentDay }, { weight: 1, arbitrary: calendarDay }) });
  else if (schema.format === 'date-time')
    options.push({ weight: 4, arbitrary: fc.oneof({ weight: 4, arbitrary: pastInstant }, { weight: 1, arbitrary: instant }) });
  else if (schema.format === 'email') options.push({ weight: 4, arbitrary: fc.emailAddress().map(fit) });
  else if (schema.format === 'uri') options.push({ weight: 4, arbitrary: fc.webUrl().map(fit) });
  else if (schema.pattern) options.push({ weight: 4, arbitrary: patternFor(schema.pattern, min, max) });
  else {
    options.push({ weight: 4, arbitrary: text });
    options.push({ weight: 1, arbitrary: fc.string({ minLength: min, maxLength: short, unit: 'binary' }).map(fit) });
    // The longest text the contract allows: the column behind it must hold it too.
    if (schema.maxLength !== undefined && max <= 20_000)
      options.push({ weight: 1, arbitrary: fc.constantFrom('a', 'é', '字').map((c) => c.repeat(max)) });
  }
  return fc.oneof(...options);
}

/** A one-class pattern (`^[A-Za-z0-9_-]+$`): drawn per character, so that length limits hold. */
const ONE_CLASS = /^\^(\[[^\]]+\])(\+|\*|\{(\d+)(,(\d*))?\})\$$/;

function patternFor(pattern: string, min: number, max: number): fc.Arbitrary<string> {
  try {
    const one = ONE_CLASS.exec(pattern);
    if (one) {
      const low = Math.max(min, one[2] === '*' ? 0 : one[3] ? Number(one[3]) : 1);
      const high = one[3] && !one[4] ? low : one[5] ? Number(one[5]) : Math.max(low, Math.min(max, 40));
      return fc.string({ unit: fc.stringMatching(new RegExp(`^${one[1]}$`)), minLength: low, maxLength: Math.max(low, Math.min(high, max)) });
    }
    return fc.stringMatching(new RegExp(pattern), { size: 'small' }).map((s) => s.slice(0, max));
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

function objectFor(schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const record = fc.record(Object.fromEntries(Object.entries(props).map(([key, s]) => [key, validFor(s, known, key, depth + 1)])), {
    requiredKeys: (schema.required ?? []).filter((k) => k in props),
  }) as fc.Arbitrary<Record<string, unknown>>;
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : null;
  if (!extra || depth > 2) return record.map(ordered);
  const keys = schema.propertyNames ? (validFor(schema.propertyNames, known, '', depth + 1) as fc.Arbitrary<string>) : fc.string({ maxLength: 12 });
  return fc
    .tuple(record, fc.dictionary(keys, validFor(extra, known, '', depth + 1), { maxKeys: 3 }))
    .map(([fixed, more]) => ordered({ ...more, ...fixed }));
}

/** Fields that come in pairs a contract compares: the second is put after the first (within 300 days). */
const PAIRS: Array<[string, string]> = [
  ['from', 'to'],
  ['startDate', 'endDate'],
  ['min', 'max'],
];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function ordered(value: Record<string, unknown>): Record<string, unknown> {
  const out = { ...value };
  for (const [a, b] of PAIRS) {
    const [x, y] = [out[a], out[b]];
    if (typeof x === 'string' && typeof y === 'string' && DAY.test(x) && DAY.test(y)) {
      const days = Math.abs(Date.parse(y) - Date.parse(x)) / DAY_MS;
      if (Number.isFinite(days)) out[b] = isoDay(new Date(Date.parse(x) + (days % 300) * DAY_MS));
    } else if (typeof x === 'number' && typeof y === 'number' && x > y) {
      [out[a], out[b]] = [y, x];
    }
  }
  return out;
}

/** The top-level fields of an object schema (nothing for a schema of another kind). */
export const fieldsOf = (schema: JsonSchema): Array<[string, JsonSchema]> => Object.entries(schema.properties ?? {});

/**
 * A value of `schema` in one of three forms: valid; valid with one to three fields replaced by a
 * hostile value, dropped or added; or a hostile value in the place of the whole.
 */
export function fuzzFor(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  const valid = validFor(schema, known);
  const fields = fieldsOf(schema);
  const mutations = fc.array(mutationFor(fields), { minLength: 1, maxLength: 3 });
  const mutated = fc.tuple(valid, mutations).map(([value, changes]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const out: Record<string, unknown> = { ...value };
    for (const change of changes) {
      if (change.drop) delete out[change.key];
      else out[change.key] = change.value;
    }
    return out;
  });
  return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 5, arbitrary: mutated }, { weight: 1, arbitrary: hostileFor(schema) });
}

interface Mutation {
  key: string;
  value?: unknown;
  drop?: boolean;
}

function mutationFor(fields: Array<[string, JsonSchema]>): fc.Arbitrary<Mutation> {
  const unknownKey = fc.constantFrom('unexpected', 'organizationId', 'clinicId', 'id', 'status', 'role', '');
  const added = fc.tuple(unknownKey, hostileFor({})).map(([key, value]) => ({ key, value }));
  if (fields.length === 0) return added;
  const replaced = fc.constantFrom(...fields).chain(([key, s]) => hostileFor(s).map((value) => ({ key, value })));
  const dropped = fc.constantFrom(...fields).map(([key]) => ({ key, drop: true }));
  return fc.oneof({ weight: 6, arbitrary: replaced }, { weight: 1, arbitrary: dropped }, { weight: 1, arbitrary: added });
}
