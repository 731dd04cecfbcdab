import { z } from 'zod';

/** What a route's success reply is, when it is not plain JSON: `reply` then describes that body. */
export type ReplyMedia = 'application/json' | 'application/fhir+json' | 'text/csv' | 'text/html' | 'text/event-stream';

/**
 * A zod contract as JSON Schema: `input` for what a request sends, `output` for what a reply
 * holds. What JSON Schema cannot state (a transform, a date object) becomes "any value".
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input', target: 'draft-2020-12' | 'draft-07' = 'draft-2020-12') {
  try {
    return z.toJSONSchema(schema, { io, target, unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * The schema Fastify serializes a JSON success reply from (fast-json-stringify): the reply holds
 * exactly the fields its contract names, written without a generic `JSON.stringify` walk. Tests
 * check the same reply against the zod contract (`reply-check.ts`), so a handler and its contract
 * cannot drift apart unnoticed.
 */
export function serializerSchemaOf(reply: z.ZodType): Record<string, unknown> {
  const { $schema: _draft, ...schema } = jsonSchemaOf(reply, 'output', 'draft-07');
  return nullableAsKeyword(schema) as Record<string, unknown>;
}

type Json = unknown;
const isNull = (s: Json) => !!s && typeof s === 'object' && (s as { type?: unknown }).type === 'null' && Object.keys(s).length === 1;

/**
 * zod writes `x.nullable()` as `anyOf: [x, { type: 'null' }]`, which fast-json-stringify serializes
 * by validating the value against each branch in turn; its own `nullable: true` keyword says the
 * same and is written directly. Rewrites every such pair, at every depth; other unions stay.
 */
function nullableAsKeyword(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(nullableAsKeyword);
  if (!schema || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema).map(([key, value]) => [key, nullableAsKeyword(value)] as const);
  const node = Object.fromEntries(entries) as Record<string, Json>;
  const union = node.anyOf;
  if (!Array.isArray(union) || union.length !== 2 || !union.some(isNull)) return node;
  const other = union.find((s) => !isNull(s)) as Record<string, Json> | undefined;
  if (!other || typeof other.type !== 'string' || 'anyOf' in other || 'oneOf' in other || '$ref' in other) return node;
  const { anyOf: _union, ...rest } = node;
  return { ...rest, ...other, nullable: true };
}
