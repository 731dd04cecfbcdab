import { z } from 'zod';

/** Longest accepted value of a short free-text field (names, titles). */
export const SHORT_TEXT = 200;
/** Longest accepted value of a long free-text field (descriptions, notes). */
export const LONG_TEXT = 5000;

/** Extra check of a labelled text field: the message to refuse a value with, or null to accept it. */
export type TextCheck = (value: string) => string | null;

/** The message of a labelled field that is missing or empty: "City is required". */
export const requiredMessage = (label: string) => `${label} is required`;

/** A trimmed text whose messages name the field; a required one refuses empty text. */
function labelledText(label: string, max: number, required: boolean, check?: TextCheck) {
  return z
    .string({ error: (issue) => (issue.input == null ? requiredMessage(label) : `${label} must be text`) })
    .trim()
    .superRefine((value, ctx) => {
      if (!value) {
        if (required) ctx.addIssue({ code: 'custom', message: requiredMessage(label) });
        return;
      }
      if (value.length > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be ${max} characters or fewer` });
        return;
      }
      const problem = check?.(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/**
 * A required text, trimmed, 1..max characters. Given a `label`, its messages name the field
 * ("City is required", "City must be 100 characters or fewer") and `check` may refuse more;
 * without one they are zod's own.
 */
export function requiredText(max = SHORT_TEXT, label?: string, check?: TextCheck) {
  return label === undefined ? z.string().trim().min(1).max(max) : labelledText(label, max, true, check);
}

const plainOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

const labelledOptionalText = (max: number, label: string, check?: TextCheck) =>
  z
    .preprocess((v) => v ?? '', labelledText(label, max, false, check))
    .transform((v) => (v ? v : undefined))
    .optional();

/**
 * An optional text, trimmed, at most max characters; null, missing and empty all become
 * undefined. A `label` and `check` work as in `requiredText`.
 */
export function optionalText(max?: number): ReturnType<typeof plainOptionalText>;
export function optionalText(max: number | undefined, label: string, check?: TextCheck): ReturnType<typeof labelledOptionalText>;
export function optionalText(max = SHORT_TEXT, label?: string, check?: TextCheck) {
  return label === undefined ? plainOptionalText(max) : labelledOptionalText(max, label, check);
}

/**
 * Unicode's bidirectional embedding, override and isolate controls (U+202A to U+202E, U+2066 to
 * U+2069). Inside a name they make it display as other text (the letters after U+202E show
 * reversed), so a list, a badge or an audit line would show someone else's name.
 */
export const BIDI_CONTROL_CHARACTERS = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * A person's name field: `field` (the contract's own text field, required or optional, with its
 * own length and messages) that also refuses bidirectional controls. Every field holding a
 * person's name goes through here. Right-to-left scripts themselves are names like any other.
 */
export function personName<T extends z.ZodType<string | null | undefined>>(field: T, label = 'A name'): T {
  return field.refine((value) => typeof value !== 'string' || !BIDI_CONTROL_CHARACTERS.test(value), {
    message: `${label} cannot contain text-direction control characters`,
  });
}

/** An e-mail address, trimmed and lower-cased. */
export const emailAddress = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((v) => v.toLowerCase());

/** An optional e-mail address; empty becomes undefined. */
export const optionalEmail = z
  .union([z.literal(''), z.null(), emailAddress])
  .optional()
  .transform((v) => (v ? v : undefined));

/** A record id as it travels in paths and bodies. */
export const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid id');

/** Tenant selectors a client may add to any call; they only choose among the caller's memberships. */
export const tenantSelector = z.object({
  organizationId: idSchema.optional(),
  clinicId: idSchema.optional(),
});

/** Organization and clinic used when a kiosk or board names none. */
export const KIOSK_DEFAULT_TENANT = 'default-clinic';

/** Paging of lists: limit 1..200, default 50. */
export const pagination = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/** The body of every failed call. */
export const errorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
/** A failed call's body. */
export type ErrorResponse = z.infer<typeof errorResponse>;
