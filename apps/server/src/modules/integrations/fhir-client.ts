import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** How long Test Connection waits for the FHIR server's answer. */
export const PROBE_TIMEOUT_MS = 5000;
/** Largest answer read (a CapabilityStatement, a page of a search). */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** What Test Connection reports. */
export interface ProbeResult {
  ok: boolean;
  fhirVersion: string | null;
  software: string | null;
  error: string | null;
}

/** Resolves a host name to its addresses (injectable for tests). */
export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;

/** The system's resolver, given up on after the probe's timeout (a silent DNS server must not hang a check). */
const systemResolver: Resolver = (host) =>
  Promise.race([
    lookup(host, { all: true, verbatim: true }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('DNS timeout')), PROBE_TIMEOUT_MS).unref()),
  ]);

const failed = (error: string): ProbeResult => ({ ok: false, fhirVersion: null, software: null, error });

/**
 * True for an address a cloud FHIR endpoint never has: loopback, private, link-local, unique
 * local, carrier-grade NAT, unspecified, multicast, broadcast and reserved ranges (ipaddr.js's
 * ranges; IPv4-mapped IPv6 judged as its IPv4 address).
 */
export function isInternalAddress(address: string): boolean {
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() !== 'unicast';
}

/** What a guarded FHIR read brings back: the parsed JSON, or what went wrong in words. */
export type FhirGetResult = { ok: true; body: unknown } | { ok: false; error: string };

/** How a guarded read may reach its server. */
export interface FhirGetOptions {
  /** Private addresses and plain http allowed (an on-premise server). */
  allowOnPremise: boolean;
  /** `Authorization` header value, e.g. `Bearer …`. */
  authorization?: string;
  resolver?: Resolver;
}

/**
 * `GET url` from the server, guarded against reaching what it should not: https only and public
 * addresses only unless `allowOnPremise`; every address the host resolves to is checked, and the
 * request connects to the checked address (no second lookup a DNS answer could change); 5 s
 * timeout; redirects are not followed; answers over 2 MB are refused. The answer must be JSON.
 */
export async function fhirGet(address: string | URL, options: FhirGetOptions): Promise<FhirGetResult> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, error: 'The base URL is not a valid address.' };
  }
  if (url.protocol !== 'https:' && !(options.allowOnPremise && url.protocol === 'http:'))
    return { ok: false, error: 'Only https addresses are allowed (turn on the on-premise setting for a plain http server on your network).' };
  if (url.username || url.password) return { ok: false, error: 'The base URL may not carry a user name or password.' };

  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await (options.resolver ?? systemResolver)(host);
  } catch {
    return { ok: false, error: `The host ${host} could not be resolved.` };
  }
  if (addresses.length === 0) return { ok: false, error: `The host ${host} could not be resolved.` };
  if (!options.allowOnPremise && addresses.some((a) => isInternalAddress(a.address)))
    return {
      ok: false,
      error: 'The address is private, loopback or link-local; turn on the on-premise setting to reach a server on your network.',
    };

  const chosen = addresses[0];
  const pinned: LookupFunction = (_hostname, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [chosen]);
    else callback(null, chosen.address, chosen.family);
  };
  const headers: Record<string, string> = { accept: 'application/fhir+json, application/json' };
  if (options.authorization) headers.authorization = options.authorization;
  return new Promise<FhirGetResult>((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method: 'GET', headers, lookup: pinned, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }, (response) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        response.resume();
        resolve({ ok: false, error: `The server answered ${status}.` });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          request.destroy();
          resolve({ ok: false, error: 'The answer is too large.' });
        } else chunks.push(chunk);
      });
      response.on('end', () => {
        try {
          resolve({ ok: true, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch {
          resolve({ ok: false, error: 'The answer is not JSON.' });
        }
      });
      response.on('error', (err) => resolve({ ok: false, error: err.message }));
    });
    request.on('error', (err) => {
      resolve({
        ok: false,
        error:
          err.name === 'TimeoutError' || err.name === 'AbortError'
            ? 'The server did not answer within 5 seconds.'
            : `Could not connect: ${err.message}`,
      });
    });
    request.end();
  });
}

/**
 * Test Connection: `GET {baseUrl}/metadata` through {@link fhirGet}; reports the
 * CapabilityStatement's FHIR version and software name, or what went wrong.
 */
export async function probeFhirServer(baseUrl: string, options: FhirGetOptions): Promise<ProbeResult> {
  let url: URL;
  try {
    url = new URL(`${baseUrl.replace(/\/+$/, '')}/metadata`);
  } catch {
    return failed('The base URL is not a valid address.');
  }
  const answer = await fhirGet(url, options);
  return answer.ok ? readCapabilityStatement(answer.body) : failed(answer.error);
}

/** The FHIR version and software name of a CapabilityStatement, or why it is not one. */
export function readCapabilityStatement(body: unknown): ProbeResult {
  const statement = body as { resourceType?: unknown; fhirVersion?: unknown; software?: { name?: unknown; version?: unknown } };
  if (statement?.resourceType !== 'CapabilityStatement') return failed('The answer is not a FHIR CapabilityStatement.');
  const name = typeof statement.software?.name === 'string' ? statement.software.name : null;
  const version = typeof statement.software?.version === 'string' ? statement.software.version : null;
  return {
    ok: true,
    fhirVersion: typeof statement.fhirVersion === 'string' ? statement.fhirVersion : null,
    software: name ? (version ? `${name} ${version}` : name) : null,
    error: null,
  };
}
