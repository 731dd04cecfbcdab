import type { z } from 'zod';
import { AppError, zodIssues } from './errors.js';

/** Parses a request part with its contract; a failure is a 400 listing the fields. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, code = 'validation/invalid'): z.output<S> {
  const broken = brokenTextPath(value);
  if (broken !== null) {
    throw new AppError('validation/invalid-text', 'Text must be valid Unicode.', [
      { path: broken, message: 'Contains an unpaired surrogate character.' },
    ]);
  }
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

type WellFormed = string & { isWellFormed(): boolean };

/**
 * The path of the first string in `value` that is not well-formed Unicode (a lone UTF-16 surrogate,
 * which JSON's `\ud800` escape can carry), else null. PostgreSQL refuses such text inside jsonb
 * (a 500 where a route keeps the request as JSON) and node-postgres silently replaces it in text
 * columns, so it is refused at the door. Every parsed request part passes here, so the walk builds
 * no paths until it has found one to name; walked without recursion, as a body may nest deeply.
 */
function brokenTextPath(value: unknown): string | null {
  return hasBrokenText(value) ? firstBrokenPath(value) : null;
}

function hasBrokenText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (!(v as WellFormed).isWellFormed()) return true;
    } else if (v && typeof v === 'object') {
      for (const child of Object.values(v)) stack.push(child);
    }
  }
  return false;
}

function firstBrokenPath(value: unknown): string {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!(v as WellFormed).isWellFormed()) return path;
    } else if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) stack.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return '';
}
