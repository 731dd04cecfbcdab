/**
 * Fixed hostile values the fuzz tier mixes into generated requests: what broke the server before
 * (impossible and extreme dates, out-of-range numbers, text the database refuses) and what a
 * careless parser chokes on (deep and wide JSON, an array where an object goes).
 */

/** Dates no calendar has, and dates at the ends of what JavaScript and PostgreSQL can hold. */
export const HOSTILE_DATES: readonly string[] = [
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '1900-01-01',
  '2100-12-31',
  '2101-01-01',
  '9999-12-31',
  '2026-02-30',
  '2023-02-31',
  '2026-04-31',
  '2025-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  '+275760-09-13',
  '-000001-01-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2026-02-30T10:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T10:00:00+99:00',
  '1970-01-01T00:00:00.000000001Z',
  '20260101',
  'today',
  'Invalid Date',
];

/** FHIR date search values: each prefix with the dates above and the partial forms FHIR allows. */
export const HOSTILE_FHIR_DATES: readonly string[] = [
  ...['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'sa', 'eb', 'ap'].flatMap((p) => [`${p}9999-12-31`, `${p}0000-01-01`, `${p}0001-01-01`]),
  '0000',
  '9999',
  '2026-02',
  '2026-02-30',
  'ge2026-13',
  'lt2026-02-30T10:00:00Z',
  'gt9999-12-31T23:59:59Z',
  'xx2026-01-01',
];

/** Numbers past every sensible bound (JSON has no NaN or Infinity; text that looks like them is below). */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  0.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  1.7976931348623157e308,
  -1.7976931348623157e308,
  5e-324,
];

/** Text with characters a screen, a log, a CSV or the database treats specially. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'x'.repeat(10_000),
  'é'.repeat(10_000),
  '😀'.repeat(2_600),
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001b[31m\u007f',
  '\u202eevil\u202c',
  '\u2066\u2067\u2068\u2069\u200e\u200f\u061c',
  '\u200b\u200d\ufeff',
  '\ud800',
  '\udfff\ud800',
  'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301',
  '\r\n\r\nX-Injected: 1',
  "' OR 1=1 --",
  '"; DROP TABLE patients; --',
  '=HYPERLINK("http://example.com")',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e400',
  'null',
  'true',
  '[]',
  '{}',
];

/** Values of the wrong kind for any field. */
export const HOSTILE_SHAPES: readonly unknown[] = [
  null,
  true,
  [],
  {},
  [{}],
  [null],
  ['a', 1, null, {}],
  { '': '' },
  Array.from({ length: 10_000 }, (_, i) => i),
  Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i])),
  nested(200, 'array'),
  nested(200, 'object'),
];

/** Whole request bodies as raw text: not JSON, JSON of the wrong kind, JSON a parser must refuse. */
export const HOSTILE_RAW_BODIES: readonly string[] = [
  '',
  '{',
  '{"a":',
  '{"a":1}}',
  "{'a':1}",
  'undefined',
  'NaN',
  '\u0000',
  'null',
  'true',
  '0',
  '-1e999',
  '"text"',
  '[]',
  '[{}]',
  '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]',
  '['.repeat(5_000) + ']'.repeat(5_000),
  '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000),
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  `{"a":"${'x'.repeat(1_100_000)}"}`,
];

/** Path segments: ids of the wrong form, encoded traversal, very long and odd text. */
export const HOSTILE_PATH_SEGMENTS: readonly string[] = [
  '0',
  '-1',
  '9'.repeat(40),
  'x'.repeat(100),
  'x'.repeat(10_000),
  '..',
  '../..',
  '%00',
  '\u0000',
  '\u202e',
  '😀',
  ' ',
  'null',
  'undefined',
  '__proto__',
  "1' OR '1'='1",
  '00000000-0000-0000-0000-000000000000',
];

/** Query parameter names a parser may take for structure, and names every route reads. */
export const HOSTILE_QUERY_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'a[b]',
  'a[]',
  'organizationId',
  'clinicId',
  'limit',
  'offset',
  '',
];

/** Bearer credentials that are not a session: a forged token, an unknown API key, odd text. */
export const FORGED_AUTHORIZATIONS: readonly string[] = [
  'Bearer forged-token',
  'Bearer ck_live_0000000000000000000000000000000000',
  'Bearer ',
  'Basic b3duZXI6cGFzc3dvcmQ=',
  `Bearer ${'x'.repeat(10_000)}`,
];

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}
