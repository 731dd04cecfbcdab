/**
 * The one fetch client: JSON in and out, the session cookie, the chosen organization and clinic
 * on every call, and failures turned into an {@link ApiError} carrying the server's message.
 */

import type { z } from 'zod';

const TENANT_KEYS = ['organizationId', 'clinicId'] as const;

/** A failed call: the server's code and message, or a network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly issues?: Array<{ path: string; message: string }>,
    /** The whole reply body, for the fields a refusal carries besides its message (a sign-in's `mfaToken`). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The messages of a refusal's field issues when it has the given code (a password policy's unmet rules), else none. */
export function issueMessagesOf(err: unknown, code: string): string[] {
  return err instanceof ApiError && err.code === code ? (err.issues ?? []).map((i) => i.message) : [];
}

/** The stored organization and clinic choice (browser storage, as the spec says). */
export const tenantStorage = {
  get(): { organizationId?: string; clinicId?: string } {
    const read = (k: string) => {
      try {
        return localStorage.getItem(k) ?? undefined;
      } catch {
        return undefined;
      }
    };
    return { organizationId: read('organizationId'), clinicId: read('clinicId') };
  },
  set(organizationId: string | null | undefined, clinicId: string | null | undefined) {
    try {
      if (organizationId) localStorage.setItem('organizationId', organizationId);
      else localStorage.removeItem('organizationId');
      if (clinicId) localStorage.setItem('clinicId', clinicId);
      else localStorage.removeItem('clinicId');
    } catch {
      /* storage unavailable: the server's current choice applies */
    }
  },
  clear() {
    this.set(null, null);
  },
};

/** Options of one call. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Leave out the stored organization and clinic (public pages choose their own). */
  noTenant?: boolean;
  /** Extra request headers (the kiosk's Idempotency-Key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A call whose reply is read through its contract, the same one the server answers by. */
export interface ParsedRequestOptions<S extends z.ZodType> extends RequestOptions {
  reply: S;
}

/**
 * Calls the API and returns its JSON body, parsed by `options.reply` (the route's contract in
 * `@clinic/domain`) when given; throws {@link ApiError} on any failure, a reply that breaks its
 * contract included.
 */
export async function api<S extends z.ZodType>(path: string, options: ParsedRequestOptions<S>): Promise<z.output<S>>;
export async function api<T = Record<string, unknown>>(path: string, options?: RequestOptions): Promise<T>;
export async function api(path: string, options: RequestOptions & { reply?: z.ZodType } = {}): Promise<unknown> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const params = new URLSearchParams();
  const tenant = options.noTenant ? {} : tenantStorage.get();
  for (const key of TENANT_KEYS) {
    const value = options.query?.[key] ?? tenant[key];
    if (value) params.set(key, String(value));
  }
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '' && !TENANT_KEYS.includes(key as never)) params.set(key, String(value));
  }
  const qs = params.toString();
  const hasBody = method !== 'GET' && method !== 'DELETE';
  let response: Response;
  try {
    response = await fetch(`${path}${qs ? `?${qs}` : ''}`, {
      method,
      credentials: 'same-origin',
      headers: hasBody || options.headers ? { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...options.headers } : undefined,
      body: hasBody ? JSON.stringify(options.body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('Network error. Please check your connection.', 0, 'auth/network-request-failed');
  }
  let data: Record<string, unknown> = {};
  try {
    data = await response.json();
  } catch {
    /* a body that is not JSON leaves data empty */
  }
  if (!response.ok || data.success === false) {
    const message = typeof data.message === 'string' ? data.message : `API Error: ${response.status}`;
    throw new ApiError(message, response.status, data.code as string | undefined, data.issues as ApiError['issues'], data);
  }
  if (!options.reply) return data;
  const parsed = options.reply.safeParse(data);
  if (!parsed.success) throw new ApiError(UNREADABLE_REPLY, response.status, 'api/unreadable-reply');
  return parsed.data;
}

/** Shown when a reply does not match its contract (a server and a browser of different versions). */
export const UNREADABLE_REPLY = 'The server sent an answer this page cannot read. Please reload the page.';
