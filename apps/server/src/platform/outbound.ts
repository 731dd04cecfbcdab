import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { isAllowed, isAlwaysRefused, isInternalAddress, parseAllowEntry, type AllowEntry } from './outbound-policy.js';

/**
 * The one way the server makes an HTTP request to an address a tenant chose (integrations, EHR
 * sync, single sign-on, webhooks): https to public addresses only; private addresses and
 * plain http only where the deployment's `OUTBOUND_ALLOW` names the target; loopback, link-local
 * and instance metadata never (`outbound-policy.ts`). Every address the name resolves to is
 * checked and the connection goes to the checked address (no second lookup a DNS answer could
 * change); redirects are not followed; time and answer size are capped. Whatever goes wrong, the
 * caller hears one message, so that the answers do not map a network behind the server; the
 * reason goes to the server's log.
 */

/** How long a request may take, DNS included. */
export const OUTBOUND_TIMEOUT_MS = 5000;
/** Largest answer read (a CapabilityStatement, a page of a search). */
export const OUTBOUND_MAX_BYTES = 2 * 1024 * 1024;
/** What the caller hears of every failure: refused target, DNS, timeout, status, size, not JSON... */
export const OUTBOUND_FAILED = 'Could not connect to the server.';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Resolves a host name to its addresses. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

/** What the deployment allows, and (in tests only) how names are resolved and checked addresses dialled. */
export interface OutboundPolicy {
  /** `OUTBOUND_ALLOW`: the networks and host names where private addresses and plain http may be used. */
  allow: readonly AllowEntry[];
  /** Tests: resolves names without DNS. */
  resolve?: Resolver;
  /**
   * Tests: where a checked address is really connected to, so that a fake server on this machine
   * stands in for a remote one. The checks above run on the address before this; main.ts never sets it.
   */
  dial?: (checked: ResolvedAddress) => ResolvedAddress;
}

/** No private targets: what a deployment without `OUTBOUND_ALLOW` gets. */
export const PUBLIC_ONLY: OutboundPolicy = { allow: [] };

/** The entries of a comma-separated `OUTBOUND_ALLOW` value; throws on an entry that is not one. */
export function allowList(value: string): AllowEntry[] {
  return value
    .split(',')
    .filter((raw) => raw.trim() !== '')
    .map((raw) => {
      const entry = parseAllowEntry(raw);
      if ('problem' in entry) throw new Error(`OUTBOUND_ALLOW: ${entry.problem}`);
      return entry;
    });
}

/** Where the guard writes why a request failed (Fastify's request logger fits). */
export interface OutboundLog {
  warn(details: object, message: string): void;
}

/** A guarded request's outcome: the answer's JSON, or the one failure message. */
export type OutboundJson = { ok: true; body: unknown } | { ok: false; error: typeof OUTBOUND_FAILED };

/** A guarded `GET` of JSON, bound to the deployment's policy and the request's log. */
export type OutboundGetJson = (address: string | URL, options?: { authorization?: string; accept?: string }) => Promise<OutboundJson>;

/** Why the guard refused or abandoned a request: logged, never told to the caller. */
export class Refused extends Error {}

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** Rejects after the timeout (a silent DNS server must not hang a request). */
const deadline = (ms: number) => new Promise<never>((_, reject) => setTimeout(() => reject(new Refused('DNS timeout')), ms).unref());

/** The checked address to connect to, or why none may be used (throws {@link Refused}). */
async function target(url: URL, policy: OutboundPolicy): Promise<ResolvedAddress> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Refused(`scheme ${url.protocol}`);
  if (url.username || url.password) throw new Refused('credentials in the URL');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host)
    ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
    : await Promise.race([(policy.resolve ?? systemResolver)(host), deadline(OUTBOUND_TIMEOUT_MS)]).catch((err: Error) => {
        throw new Refused(`DNS: ${err.message}`);
      });
  if (addresses.length === 0) throw new Refused('DNS: no address');
  for (const { address } of addresses) {
    if (isAlwaysRefused(address)) throw new Refused(`${address} is loopback, link-local or metadata`);
    const allowed = isAllowed(policy.allow, host, address);
    if (isInternalAddress(address) && !allowed) throw new Refused(`${address} is private and not in OUTBOUND_ALLOW`);
    if (url.protocol === 'http:' && !allowed) throw new Refused('plain http to a target not in OUTBOUND_ALLOW');
  }
  return addresses[0];
}

/** A request as the guard sends it, and which answers' bodies it reads (by default a 2xx's). */
export interface GuardedRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  readBody?: (status: number) => boolean;
  /** The caller's own abort signal, besides the guard's timeout. */
  signal?: AbortSignal | null;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * One request through the guard: the target checked ({@link target}), the checked address dialled
 * on a connection of its own, the timeout and the size cap. Answers the status, the headers and,
 * where `readBody` says so, the body; throws {@link Refused} (or a network error) when nothing
 * usable answered.
 */
export async function guardedExchange(
  url: URL,
  policy: OutboundPolicy,
  request: GuardedRequest,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const checked = await target(url, policy);
  const dialled = policy.dial ? policy.dial(checked) : checked;
  const signal = AbortSignal.any([AbortSignal.timeout(OUTBOUND_TIMEOUT_MS), ...(request.signal ? [request.signal] : [])]);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const body = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : request.body;
  const options: https.RequestOptions = {
    method: request.method,
    host: dialled.address,
    family: dialled.family,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    headers: { ...request.headers, host: url.host, ...(body ? { 'content-length': String(body.length) } : {}) },
    // The certificate is checked against the name the caller wrote, not the address dialled.
    servername: ipaddr.isValid(host) ? '' : host,
    // A connection of its own: never a pooled socket opened for another request.
    agent: false,
    signal,
  };
  const readBody = request.readBody ?? isSuccess;
  return new Promise((resolve, reject) => {
    const outgoing = (url.protocol === 'https:' ? https : http).request(options, (response) => {
      const status = response.statusCode ?? 0;
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      if (!readBody(status)) {
        response.resume();
        resolve({ status, headers, bytes: Buffer.alloc(0) });
        return;
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
      response.on('end', () => resolve({ status, headers, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Logs why a guarded request failed (the reason is for the log only); `url` is null when the address did not parse. */
export function logOutboundFailure(log: OutboundLog, url: URL | null, err: unknown): void {
  const reason = err instanceof Refused ? err.message : `${(err as Error).name}: ${(err as Error).message}`;
  log.warn({ outbound: { target: url ? `${url.origin}${url.pathname}` : 'invalid URL', reason } }, 'outbound request failed');
}

/**
 * A guarded JSON reader for the policy, writing each failure's reason to `log`. Its answers are
 * the JSON, or {@link OUTBOUND_FAILED} whatever the reason was.
 */
export function outboundGetJson(policy: OutboundPolicy, log: OutboundLog): OutboundGetJson {
  return async (address, options = {}) => {
    let url: URL | null = null;
    try {
      url = new URL(address);
      const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
      if (options.authorization) headers.authorization = options.authorization;
      const { status, bytes } = await guardedExchange(url, policy, { method: 'GET', headers });
      if (!isSuccess(status)) throw new Refused(`status ${status}`);
      try {
        return { ok: true, body: JSON.parse(bytes.toString('utf8')) };
      } catch {
        throw new Refused('answer is not JSON');
      }
    } catch (err) {
      logOutboundFailure(log, url, err);
      return { ok: false, error: OUTBOUND_FAILED };
    }
  };
}

/** A guarded `POST` of JSON: the receiver's status, or {@link OUTBOUND_FAILED} when none answered. */
export type OutboundPostJson = (
  address: string | URL,
  body: string,
  headers?: Record<string, string>,
) => Promise<{ ok: boolean; status: number | null; error: string | null }>;

/**
 * A guarded JSON sender for the policy (webhooks): the same checks as {@link outboundGetJson}.
 * A receiver that answered is reported with its status (a 2xx is `ok`); a request that never got
 * an answer (refused target, DNS, timeout) is {@link OUTBOUND_FAILED}, its reason logged.
 */
export function outboundPostJson(policy: OutboundPolicy, log: OutboundLog): OutboundPostJson {
  return async (address, body, headers = {}) => {
    let url: URL | null = null;
    try {
      url = new URL(address);
      const { status } = await guardedExchange(url, policy, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
      const ok = isSuccess(status);
      return { ok, status, error: ok ? null : `The receiver answered ${status}.` };
    } catch (err) {
      logOutboundFailure(log, url, err);
      return { ok: false, status: null, error: OUTBOUND_FAILED };
    }
  };
}

/** A guarded form `POST`'s outcome: the status and JSON of a 2xx or 4xx answer, or the one failure message. */
export type OutboundFormAnswer = { ok: true; status: number; body: unknown } | { ok: false; error: typeof OUTBOUND_FAILED };
/** A guarded `POST` of `application/x-www-form-urlencoded` fields (an OAuth token request). */
export type OutboundPostForm = (address: string | URL, fields: Record<string, string>) => Promise<OutboundFormAnswer>;

/**
 * A guarded form sender for the policy (the SMART token request): the same checks as
 * {@link outboundGetJson}. A 2xx or 4xx answer in JSON is handed back with its status (an OAuth
 * server words its refusals as a 400 or 401 with a JSON body); anything else (refused target,
 * DNS, timeout, a 5xx, an answer that is not JSON) is {@link OUTBOUND_FAILED}, its reason logged.
 */
export function outboundPostForm(policy: OutboundPolicy, log: OutboundLog): OutboundPostForm {
  return async (address, fields) => {
    let url: URL | null = null;
    try {
      url = new URL(address);
      const body = new URLSearchParams(fields).toString();
      const headers = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' };
      // An OAuth server words its refusals as a 4xx with a JSON body: those are read too.
      const readBody = (status: number) => isSuccess(status) || (status >= 400 && status < 500);
      const answer = await guardedExchange(url, policy, { method: 'POST', headers, body, readBody });
      if (answer.status >= 500 || answer.status < 200 || (answer.status >= 300 && answer.status < 400))
        throw new Refused(`status ${answer.status}`);
      try {
        return { ok: true, status: answer.status, body: JSON.parse(answer.bytes.toString('utf8')) };
      } catch {
        throw new Refused(`status ${answer.status}, answer is not JSON`);
      }
    } catch (err) {
      logOutboundFailure(log, url, err);
      return { ok: false, error: OUTBOUND_FAILED };
    }
  };
}

/**
 * The same message for a failure the caller found in a good answer (not the expected resource),
 * with its reason logged: a caller must not tell "something answered" from "nothing answered".
 */
export function outboundFailure(log: OutboundLog, url: string, reason: string): { ok: false; error: typeof OUTBOUND_FAILED } {
  log.warn({ outbound: { target: url, reason } }, 'outbound request failed');
  return { ok: false, error: OUTBOUND_FAILED };
}
