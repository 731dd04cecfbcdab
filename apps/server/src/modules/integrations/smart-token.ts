import { randomUUID } from 'node:crypto';
import { signInRefusal } from '@clinic/domain';
import { SignJWT } from 'jose';
import { outboundFailure, outboundGetJson, outboundPostForm } from '../../platform/outbound.js';
import type { FhirReach } from './fhir-client.js';
import { RETIRED_KEY_PUBLISHED_MS, type SigningKey } from './signing-keys.js';

/**
 * SMART Backend Services (the client-credentials grant with a signed JWT assertion, RFC 7523, as
 * HL7's SMART App Launch specifies it and Epic requires): the token endpoint read from the FHIR
 * server's `/.well-known/smart-configuration`, an assertion signed with jose, the token request
 * through the outbound guard, and the access tokens kept until shortly before they expire.
 */

/** What the server asks for: reading Patients (Sync Patients). */
export const SMART_SCOPE = 'system/Patient.read';
/** How long an assertion is valid: under the five minutes Epic allows, so a clock a little ahead still passes. */
export const ASSERTION_LIFETIME_SECONDS = 240;
/** A token is renewed this long before it expires, so none expires during a request. */
const RENEW_BEFORE_MS = 60_000;
/** What a token answer without `expires_in` is taken to last. */
const DEFAULT_TOKEN_SECONDS = 300;

/** An access token, as the `Authorization` header sends it, and when the cache drops it. */
interface CachedToken {
  authorization: string;
  renewAt: number;
}

/**
 * The access tokens of this server instance, per organization, FHIR base URL and client id, each
 * kept until {@link RENEW_BEFORE_MS} before it expires and never longer than a retired key stays
 * published. In memory: another instance, or a restart, asks the EHR for a token of its own.
 */
export class SmartTokenCache {
  private readonly tokens = new Map<string, CachedToken>();

  /** The cache's key for a connection. */
  static keyOf(organizationId: string, baseUrl: string, clientId: string): string {
    return JSON.stringify([organizationId, baseUrl.replace(/\/+$/, ''), clientId]);
  }

  /** The cached `Authorization` value, if one is still good at `now`. */
  get(key: string, now = Date.now()): string | undefined {
    const token = this.tokens.get(key);
    if (token && token.renewAt > now) return token.authorization;
    this.tokens.delete(key);
    return undefined;
  }

  /** Keeps a token that lasts `seconds` from `now`. */
  set(key: string, authorization: string, seconds: number, now = Date.now()): void {
    const lifetime = Math.min(seconds * 1000, RETIRED_KEY_PUBLISHED_MS) - RENEW_BEFORE_MS;
    if (lifetime > 0) this.tokens.set(key, { authorization, renewAt: now + lifetime });
  }

  /** Forgets a connection's token (the EHR refused it, or the connection changed). */
  drop(key: string): void {
    this.tokens.delete(key);
  }
}

/** What the FHIR calls need to reach the EHR: the guard's policy and log, and the instance's token cache. */
export interface EhrReach extends FhirReach {
  tokens: SmartTokenCache;
}

/** A sign-in's outcome: the `Authorization` value to send, or why there is none (shown to the Admin). */
export type SignInOutcome = { ok: true; authorization: string } | { ok: false; error: string };

/** The token endpoint the FHIR server's SMART configuration names. */
export async function discoverTokenEndpoint(baseUrl: string, reach: FhirReach): Promise<{ ok: true; url: string } | { ok: false; error: string }> {
  const address = `${baseUrl.replace(/\/+$/, '')}/.well-known/smart-configuration`;
  const answer = await outboundGetJson(reach.policy, reach.log)(address);
  if (!answer.ok) return answer;
  const endpoint = (answer.body as { token_endpoint?: unknown } | null)?.token_endpoint;
  if (typeof endpoint === 'string' && URL.canParse(endpoint)) return { ok: true, url: new URL(endpoint).toString() };
  return outboundFailure(reach.log, address, 'no token_endpoint in the SMART configuration');
}

/**
 * The client assertion: a JWT signed with the organization's key (its `kid` in the header), whose
 * `iss` and `sub` are the client id, `aud` the token endpoint, `jti` random and unique, and `exp`
 * {@link ASSERTION_LIFETIME_SECONDS} after `now`.
 */
export function signAssertion(key: SigningKey, clientId: string, tokenEndpoint: string, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: key.algorithm, kid: key.kid, typ: 'JWT' })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(tokenEndpoint)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ASSERTION_LIFETIME_SECONDS)
    .sign(key.privateKey);
}

/**
 * The token request (`grant_type=client_credentials` with the assertion) through the guard. A
 * token comes back with how long it lasts; a refusal in OAuth's words (`error`, `error_description`)
 * is told as the EHR's reason ("The EHR refused the sign-in: …"); anything else is the guard's one message.
 */
export async function requestAccessToken(
  tokenEndpoint: string,
  assertion: string,
  reach: FhirReach,
): Promise<{ ok: true; authorization: string; seconds: number } | { ok: false; error: string }> {
  const answer = await outboundPostForm(reach.policy, reach.log)(tokenEndpoint, {
    grant_type: 'client_credentials',
    scope: SMART_SCOPE,
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
  });
  if (!answer.ok) return answer;
  if (answer.status >= 400) {
    const refusal = signInRefusal(answer.body);
    if (refusal) reach.log.warn({ outbound: { target: tokenEndpoint, reason: refusal } }, 'token request refused');
    return refusal ? { ok: false, error: refusal } : outboundFailure(reach.log, tokenEndpoint, `status ${answer.status} without an OAuth error`);
  }
  const token = answer.body as { access_token?: unknown; token_type?: unknown; expires_in?: unknown } | null;
  const accessToken = token?.access_token;
  const type = typeof token?.token_type === 'string' ? token.token_type.toLowerCase() : 'bearer';
  // The token goes into a header: anything a header could not carry is not a token.
  if (typeof accessToken !== 'string' || !/^[\x21-\x7e]{1,8192}$/.test(accessToken) || type !== 'bearer') {
    return { ok: false, error: outboundFailure(reach.log, tokenEndpoint, 'no bearer access_token in the answer').error };
  }
  const expiresIn = Number(token?.expires_in);
  return {
    ok: true,
    authorization: `Bearer ${accessToken}`,
    seconds: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : DEFAULT_TOKEN_SECONDS,
  };
}

/** A SMART connection as the sign-in needs it. */
export interface SmartConnection {
  cacheKey: string;
  baseUrl: string;
  clientId: string;
  key: SigningKey;
}

/** Signs in over SMART Backend Services: discovery, assertion and token request; the token is cached. */
export async function smartSignIn(connection: SmartConnection, reach: EhrReach): Promise<SignInOutcome> {
  const endpoint = await discoverTokenEndpoint(connection.baseUrl, reach);
  if (!endpoint.ok) return endpoint;
  const assertion = await signAssertion(connection.key, connection.clientId, endpoint.url);
  const token = await requestAccessToken(endpoint.url, assertion, reach);
  if (!token.ok) return token;
  reach.tokens.set(connection.cacheKey, token.authorization, token.seconds);
  return { ok: true, authorization: token.authorization };
}
