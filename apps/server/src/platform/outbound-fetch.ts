import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import {
  OUTBOUND_FAILED,
  OUTBOUND_MAX_BYTES,
  OUTBOUND_TIMEOUT_MS,
  Refused,
  target,
  type OutboundLog,
  type OutboundPolicy,
  type ResolvedAddress,
} from './outbound.js';

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

function headersOf(init: OutboundFetchInit, body: Buffer | undefined, form: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    out[name] = value;
  });
  if (form && !out['content-type']) out['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  if (body) out['content-length'] = String(body.length);
  return out;
}

/** One request to the checked address: the answer's status, headers and body within the size cap. */
function exchange(
  url: URL,
  checked: ResolvedAddress,
  request: { method: string; headers: Record<string, string>; body?: Buffer },
  signal: AbortSignal,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const options: https.RequestOptions = {
    method: request.method,
    host: checked.address,
    family: checked.family,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    headers: { ...request.headers, host: url.host },
    // The certificate is checked against the name the caller wrote, not the address dialled.
    servername: ipaddr.isValid(host) ? '' : host,
    agent: false,
    signal,
  };
  return new Promise((resolve, reject) => {
    const outgoing = (url.protocol === 'https:' ? https : http).request(options, (response) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > OUTBOUND_MAX_BYTES) {
          outgoing.destroy();
          reject(new Refused('answer too large'));
        } else chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** A guarded fetch for the policy, writing each failure's reason to `log`. */
export function outboundFetch(policy: OutboundPolicy, log: OutboundLog): OutboundFetch {
  return async (address, init = {}) => {
    let url: URL | null = null;
    try {
      url = new URL(address);
      const signals = [AbortSignal.timeout(OUTBOUND_TIMEOUT_MS), ...(init.signal ? [init.signal] : [])];
      const checked = await target(url, policy);
      const body = bodyOf(init.body);
      const headers = headersOf(init, body, init.body instanceof URLSearchParams);
      const method = (init.method ?? 'GET').toUpperCase();
      const answer = await exchange(url, policy.dial ? policy.dial(checked) : checked, { method, headers, body }, AbortSignal.any(signals));
      if (answer.status < 200 || answer.status > 599) throw new Refused(`status ${answer.status}`);
      return new Response(NO_BODY.has(answer.status) ? null : new Uint8Array(answer.bytes), { status: answer.status, headers: answer.headers });
    } catch (err) {
      const reason = err instanceof Refused ? err.message : `${(err as Error).name}: ${(err as Error).message}`;
      log.warn({ outbound: { target: url ? `${url.origin}${url.pathname}` : 'invalid URL', reason } }, 'outbound request failed');
      throw new TypeError(OUTBOUND_FAILED);
    }
  };
}
