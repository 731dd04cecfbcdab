import type { z } from 'zod';
import { AppError, zodIssues } from './errors.js';

/** Parses a request part with its contract; a failure is a 400 listing the fields. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, code = 'validation/invalid'): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError(code, 'Some fields are invalid.', zodIssues(result.error));
  return result.data;
}

/**
 * Parses a request body with its contract after dropping `organizationId` and `clinicId`, which
 * every client adds to every body to select the tenant (resolved by the access plugin).
 */
export function parseBody<S extends z.ZodType>(schema: S, request: { body?: unknown }): z.output<S> {
  const { organizationId: _o, clinicId: _c, ...rest } = (request.body ?? {}) as Record<string, unknown>;
  return parse(schema, rest);
}
