import { OUTBOUND_FAILED, Refused, guardedExchange, logOutboundFailure, type OutboundLog, type OutboundPolicy } from './outbound.js';

/**
 * The outbound guard (`outbound.ts`) as a `fetch`, for libraries that make their own requests and
 * take a fetch to make them with (openid-client's `customFetch`: discovery, the token endpoint, the
 * key set, user info). Every request gets the guard's checks: https and public addresses unless
 * `OUTBOUND_ALLOW` names the target, the checked address dialled, no redirects followed, the
 * timeout and the size cap. Unlike the JSON helpers, any status comes back as a `Response` with its
 * body (a token endpoint's `400 invalid_grant` is an answer the library reads); a request that got
 * no answer rejects with {@link OUTBOUND_FAILED}, as `fetch` rejects on a network error, its reason logged.
 */

/** What the guarded fetch accepts: the parts of `RequestInit` such libraries send. */
export interface OutboundFetchInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | null;
  signal?: AbortSignal | null;
}

/** A guarded `fetch` bound to the deployment's policy and the request's log. */
export type OutboundFetch = (address: string | URL, init?: OutboundFetchInit) => Promise<Response>;

/** Statuses whose `Response` may carry no body. */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

function bodyOf(body: OutboundFetchInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams) return Buffer.from(String(body), 'utf8');
  return Buffer.from(body instanceof ArrayBuffer ? new Uint8Array(body) : body);
}

function headersOf(init: OutboundFetchInit, form: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    out[name] = value;
  });
  if (form && !out['content-type']) out['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  return out;
}

/** A guarded fetch for the policy, writing each failure's reason to `log`. */
export function outboundFetch(policy: OutboundPolicy, log: OutboundLog): OutboundFetch {
  return async (address, init = {}) => {
    let url: URL | null = null;
    try {
      url = new URL(address);
      const body = bodyOf(init.body);
      const headers = headersOf(init, init.body instanceof URLSearchParams);
      const method = (init.method ?? 'GET').toUpperCase();
      // Every answer's body: a library reads a refusal's too.
      const answer = await guardedExchange(url, policy, { method, headers, body, readBody: () => true, signal: init.signal });
      if (answer.status < 200 || answer.status > 599) throw new Refused(`status ${answer.status}`);
      return new Response(NO_BODY.has(answer.status) ? null : new Uint8Array(answer.bytes), { status: answer.status, headers: answer.headers });
    } catch (err) {
      logOutboundFailure(log, url, err);
      throw new TypeError(OUTBOUND_FAILED);
    }
  };
}
