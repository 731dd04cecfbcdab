import * as oidc from 'openid-client';
import type { OutboundFetch } from '../../platform/outbound-fetch.js';

/**
 * OpenID Connect through `openid-client`, every request of it made by the outbound guard (its
 * `customFetch`): discovery of an issuer, the authorization address of a sign-in (authorization
 * code with PKCE S256, `state`, `nonce`), and the code's exchange with the ID token's checks
 * (issuer, audience, expiry, nonce, and its signature against the provider's key set). No protocol
 * step is written here by hand.
 */

/** An organization's identity provider and the client it registered there. */
export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

/** The scopes a sign-in asks for: who the person is and their e-mail address. */
export const SSO_SCOPE = 'openid email profile';

/** What a sign-in keeps between the redirect and the callback (stored by the caller, hashed where it can be). */
export interface SignInSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Why an issuer cannot be used: said to the Admin under the issuer field. */
export class IssuerProblem extends Error {}

/** The person as the provider vouches for them. */
export interface ProviderClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

const fetchOf = (fetch: OutboundFetch) => fetch as unknown as oidc.CustomFetch;

/**
 * The client's authentication at the token endpoint: `client_secret_basic` (the OAuth default)
 * unless the provider lists only `client_secret_post`; none for a public client (PKCE alone).
 */
function clientAuth(metadata: oidc.ServerMetadata, secret: string | null): oidc.ClientAuth {
  if (!secret) return oidc.None();
  const methods = metadata.token_endpoint_auth_methods_supported;
  if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) return oidc.ClientSecretPost(secret);
  return oidc.ClientSecretBasic(secret);
}

/**
 * Discovers the issuer (`/.well-known/openid-configuration`, whose `issuer` must be the one given)
 * and returns the client's configuration. Plain http is accepted from openid-client only because
 * the outbound guard refuses it unless `OUTBOUND_ALLOW` names the host. Throws
 * {@link IssuerProblem} for a provider that cannot do what a sign-in needs.
 */
export async function discoverProvider(settings: ProviderSettings, fetch: OutboundFetch): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuer);
  const insecure = issuer.protocol === 'http:';
  const execute = insecure ? [oidc.allowInsecureRequests] : [];
  const discovered = await oidc.discovery(issuer, settings.clientId, undefined, oidc.None(), {
    [oidc.customFetch]: fetchOf(fetch),
    execute,
  });
  const metadata = discovered.serverMetadata();
  if (!metadata.authorization_endpoint || !metadata.token_endpoint) throw new IssuerProblem('no authorization or token endpoint');
  if (!metadata.jwks_uri) throw new IssuerProblem('no key set (jwks_uri)');
  if (metadata.response_types_supported && !metadata.response_types_supported.includes('code'))
    throw new IssuerProblem('no authorization code flow');
  if (metadata.code_challenge_methods_supported && !metadata.code_challenge_methods_supported.includes('S256')) {
    throw new IssuerProblem('no PKCE with S256');
  }
  const config = new oidc.Configuration(
    metadata,
    settings.clientId,
    settings.clientSecret ?? undefined,
    clientAuth(metadata, settings.clientSecret),
  );
  config[oidc.customFetch] = fetchOf(fetch);
  if (insecure) oidc.allowInsecureRequests(config);
  // The ID token's signature is checked against the provider's keys, not only trusted for having come over TLS.
  oidc.enableNonRepudiationChecks(config);
  return config;
}

/** New random `state`, `nonce` and PKCE verifier for one sign-in. */
export function newSignInSecrets(): SignInSecrets {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
}

/** The provider's authorization address for a sign-in: code flow, PKCE S256, `state`, `nonce`, our redirect URI. */
export async function authorizationUrl(config: oidc.Configuration, secrets: SignInSecrets, redirectUri: string): Promise<string> {
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: SSO_SCOPE,
    response_type: 'code',
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
    code_challenge_method: 'S256',
  });
  return url.href;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The e-mail and names of a set of claims (the ID token's, else user info's). */
function personOf(claims: Record<string, unknown>) {
  const email = text(claims.email)?.toLowerCase() ?? null;
  return {
    email,
    // Only a boolean true counts: a string "true" is not what the specification allows.
    emailVerified: email !== null && claims.email_verified === true,
    firstName: text(claims.given_name)?.slice(0, 100) ?? null,
    lastName: text(claims.family_name)?.slice(0, 100) ?? null,
  };
}

/**
 * Exchanges the authorization response at `callbackUrl` for tokens, checking the state, the PKCE
 * verifier, and the ID token (issuer, audience, expiry, nonce, signature). The person's e-mail is
 * read from the ID token, or from user info (whose `sub` must be the ID token's) when a provider
 * keeps it out of the ID token. Throws on any failed check.
 */
export async function redeemCode(config: oidc.Configuration, callbackUrl: URL, secrets: SignInSecrets): Promise<ProviderClaims> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: secrets.state,
    expectedNonce: secrets.nonce,
    pkceCodeVerifier: secrets.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  let person = personOf(claims);
  if (person.email === null) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    person = personOf(info);
  }
  return { subject: claims.sub, ...person };
}
