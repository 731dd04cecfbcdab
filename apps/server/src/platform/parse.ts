import type { z } from 'zod';
import { AppError, zodIssues } from './errors.js';

/** Parses a request part with its contract; a failure is a 400 listing the fields. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, code = 'validation/invalid'): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError(code, 'Some fields are invalid.', zodIssues(result.error));
  return result.data;
}
