import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

/** An issue with one field of a request. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The one error type services and routes throw; {@link registerErrorHandler} turns it into a reply. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly issues?: FieldIssue[],
    /** Fields the reply carries besides the error's (the `mfaToken` of a sign-in's second step). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** HTTP status of each error code; codes not listed fall back by their prefix. */
const STATUS_BY_CODE: Record<string, number> = {
  'auth/required': 401,
  'auth/invalid-api-key': 401,
  'auth/session-expired': 401,
  'auth/invalid-credential': 401,
  'auth/invalid-email': 400,
  'auth/wrong-current-password': 400,
  'auth/weak-password': 400,
  'auth/blank-password': 400,
  'auth/common-password': 400,
  'auth/user-disabled': 403,
  'auth/email-already-in-use': 409,
  'auth/too-many-requests': 429,
  'auth/invalid-link': 400,
  'auth/mfa-required': 401,
  'auth/invalid-code': 400,
  'auth/mfa-expired': 401,
  'auth/mfa-enrolment-required': 403,
  'auth/mfa-already-enabled': 409,
  'auth/mfa-not-enabled': 409,
  'auth/password-policy': 400,
  'auth/ip-not-allowed': 403,
  'auth/sso-required': 403,
  'settings/locks-you-out': 400,
  'access/forbidden': 403,
  'access/not-a-member': 403,
  'access/account-wide': 403,
  'plan/feature-unavailable': 402,
  'plan/limit-reached': 402,
  'plan/read-only': 402,
  'organization/feature-disabled': 403,
  'billing/not-configured': 503,
  'mail/not-configured': 503,
  'billing/bad-signature': 400,
  'request/origin': 403,
  'request/too-large': 413,
  'request/media-type': 415,
  'request/rate-limited': 429,
  'request/idempotency-key-reused': 422,
  'service/unavailable': 503,
  'visitors/outside-hours': 403,
  'visitors/restricted': 403,
  'visitors/health-screening': 403,
  'visitors/patient-not-found': 404,
  'visitors/patient-limit': 409,
  'trials/not-recruiting': 409,
  'trials/age-unknown': 422,
  'trials/age-out-of-range': 422,
  'trials/already-enrolled': 409,
  'trials/enrollment-full': 409,
};
const STATUS_BY_PREFIX: Array<[string, number]> = [
  ['validation/', 400],
  ['request/', 400],
  ['not-found', 404],
  ['conflict/', 409],
];

/** The HTTP status for an error code. */
export function statusFor(code: string): number {
  if (code in STATUS_BY_CODE) return STATUS_BY_CODE[code];
  for (const [prefix, status] of STATUS_BY_PREFIX) if (code.startsWith(prefix)) return status;
  return 500;
}

/** Converts zod issues into the response's field issues. */
export function zodIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** The reply body of an error: `{ success: false, error, message, code, issues? }`. */
export function errorBody(appError: AppError): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...appError.extra,
    success: false,
    error: appError.message,
    message: appError.message,
    code: appError.code,
  };
  if (appError.issues?.length) body.issues = appError.issues;
  return body;
}

/**
 * A refusal whose transaction still commits: a handler returns it (never throws it) when what it
 * recorded on the way must stay, such as the audit row and the security alert of a watch-list
 * match at the kiosk. The reply is the error's status and body, as if it had been thrown; an
 * idempotent route stores it, so a retry gets the same refusal.
 */
export class CommittedRefusal {
  constructor(readonly error: AppError) {}

  get status(): number {
    return statusFor(this.error.code);
  }

  get body(): Record<string, unknown> {
    return errorBody(this.error);
  }
}

/** Shorthand: a 404 that names the kind of record. */
export const notFound = (what: string) => new AppError('not-found', `${what} not found`);
/** Shorthand: a 403 with a message. */
export const forbidden = (message = "You don't have permission to do this.") => new AppError('access/forbidden', message);

function fromFastify(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('request/too-large', 'Request body is too large (1 MiB at most).');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('request/media-type', 'Requests that change data must send JSON (application/json).');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('request/invalid-json', 'The request body is empty; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('request/invalid-json', 'The request body is not valid JSON.');
    default:
      break;
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return new AppError('request/invalid-json', 'The request body is not valid JSON.');
  }
  if (error.statusCode === 415) return new AppError('request/media-type', 'Unsupported content type.');
  if (error.statusCode === 413) return new AppError('request/too-large', 'Request body is too large (1 MiB at most).');
  return null;
}

/** PostgreSQL's codes for text it cannot store: a NUL character, or a bad escape inside JSON. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** A SQLSTATE: five digits or capital letters. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The database's error within `error` (Drizzle wraps the driver's in `cause`): its SQLSTATE and detail. */
export function databaseErrorOf(error: unknown): { code: string; detail?: string } | undefined {
  let e = error as { code?: unknown; detail?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 3; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && SQLSTATE.test(e.code)) return { code: e.code, detail: typeof e.detail === 'string' ? e.detail : undefined };
  }
  return undefined;
}

/** A database refusal caused by the request's own text; nothing was written (the statement failed). */
function fromDatabase(error: unknown): AppError | null {
  const code = databaseErrorOf(error)?.code;
  return code && UNSTORABLE_TEXT.has(code) ? new AppError('validation/invalid-text', 'Text may not contain NUL characters.') : null;
}

/**
 * Any error a request ended with, as the refusal the caller is told: an `AppError` as it is, a
 * contract's or the framework's refusal of the request, a database refusal of the request's own
 * text; anything else is `internal` (a 500 that says nothing more). The API's and the FHIR
 * server's error handlers both judge errors through it.
 */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return new AppError('validation/invalid', 'Some fields are invalid.', zodIssues(err));
  return fromFastify(err as FastifyError) ?? fromDatabase(err) ?? new AppError('internal', 'Something went wrong on our side.');
}

/** Registers the single handler that writes `{ success: false, error, message, code, issues? }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const appError = toAppError(err);
    const status = statusFor(appError.code);
    if (status >= 500) request.log.error({ err }, 'request failed');
    return reply.status(status).send(errorBody(appError));
  });
}

/** The body of a 404 for an unknown API path. */
export const NOT_FOUND_BODY = { success: false, error: 'Not found', message: 'Not found', code: 'not-found' } as const;
