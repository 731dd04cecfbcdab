import { z } from 'zod';

/** What a route's success reply is, when it is not plain JSON: `reply` then describes that body. */
export type ReplyMedia = 'application/fhir+json' | 'text/csv' | 'text/html' | 'text/event-stream';

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
  return schema;
}
