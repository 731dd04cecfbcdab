import type { z } from 'zod';

/** A problem found by a contract or by the server: where (`'address.zipCode'` or a zod path) and what. */
export interface FieldIssue {
  path: string | ReadonlyArray<PropertyKey>;
  message: string;
}

/** The key under which issues that belong to no field are kept (e.g. "Record at least one vital sign"). */
export const FORM_ERROR = '$form';

/** The form field an issue path belongs to, or null for none. */
export type FieldOf = (path: string) => string | null;

/**
 * How a form is checked against a contract: the schema, the form's values in the schema's input
 * shape (`toInput`), and the field each issue path belongs to (`fieldOf`, by default the path's
 * first segment).
 */
export interface ZodFormSpec<Values, Schema extends z.ZodType> {
  schema: Schema;
  toInput?: (values: Values) => unknown;
  fieldOf?: FieldOf;
}

const pathText = (path: FieldIssue['path']) => (typeof path === 'string' ? path : path.map(String).join('.'));
const firstSegment: FieldOf = (path) => path.split('.')[0] || null;

/** Field messages from issues: each goes to the field `fieldOf` names, the first message of a field wins, the rest to {@link FORM_ERROR}. */
export function fieldErrors(issues: readonly FieldIssue[], fieldOf: FieldOf = firstSegment): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOf(pathText(issue.path)) ?? FORM_ERROR;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Checks a form's values with its contract: the body to send, or the messages by field. */
export function validateForm<Values, Schema extends z.ZodType>(
  spec: ZodFormSpec<Values, Schema>,
  values: Values,
): { data: z.output<Schema>; errors: null } | { data: null; errors: Record<string, string> } {
  const result = spec.schema.safeParse(spec.toInput ? spec.toInput(values) : values);
  if (result.success) return { data: result.data, errors: null };
  return { data: null, errors: fieldErrors(result.error.issues, spec.fieldOf) };
}
