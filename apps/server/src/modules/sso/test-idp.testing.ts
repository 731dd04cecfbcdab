import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { standInPolicy } from '../../platform/outbound.testing.js';
import type { OutboundPolicy } from '../../platform/outbound.js';

/**
 * For tests only: a real OpenID provider (`oidc-provider`) on loopback, reached by the app as
 * `http://idp.test:<port>` through the outbound guard's stand-in policy (the name resolves to a
 * documentation address the deployment's allow list names; the connection goes to this machine).
 * The test plays the browser (`signIn`) and the person at the provider: who signs in next
 * (`person`), and their claims (`accounts`). `tamper` lets a test turn the provider's genuine ID
 * token into a forged one (re-signed with its own key, or another) to prove the app refuses it.
 */

/** The stand-in host name of the provider. */
export const IDP_HOST = 'idp.test';
/** The app's public origin in these tests: the redirect URI registered at the provider is below it. */
export const APP_ORIGIN = 'https://clinic.test';
export const REDIRECT_URI = `${APP_ORIGIN}/api/auth/sso/callback`;
/** The app's client, and another client of the same provider. */
export const CLIENT = { id: 'clinicflow', secret: 'clinicflow-client-secret-value' };
export const OTHER_CLIENT = { id: 'other-app', secret: 'other-app-client-secret-value' };

/** One person at the provider: their `sub` and claims. */
export interface IdpPerson {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

/** A host name that resolves like the provider's but that the deployment's allow list does not name. */
export const UNLISTED_HOST = 'unlisted.test';

/** What the outbound guard must allow for the app to reach the provider (and nothing for {@link UNLISTED_HOST}). */
export function idpPolicy(): OutboundPolicy {
  return standInPolicy({ [IDP_HOST]: '198.51.100.7', [UNLISTED_HOST]: '198.51.100.8' }, IDP_HOST);
}

/** A browser's cookies at the provider, by name. */
type Jar = Map<string, string>;

function keep(jar: Jar, setCookie: string | string[] | undefined) {
  for (const line of [setCookie ?? []].flat()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

export interface TestIdp {
  issuer: string;
  accounts: Map<string, IdpPerson>;
  /** The `sub` of whoever signs in at the provider next. */
  person: string;
  /** Replaces the ID token of the next token responses (null: the provider's own). */
  tamper: ((payload: JWTPayload) => JWTPayload) | null;
  /** Sign the tampered token with a key the provider never published (a bad signature). */
  foreignKey: boolean;
  /**
   * Plays the browser at the provider: follows `authorizationUrl` through the login and consent
   * (finished as `person`) to the redirect back to the app, and returns that address.
   */
  signIn(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/** Starts the provider on a free loopback port. */
export async function startTestIdp(): Promise<TestIdp> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'idp-key-1', alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${IDP_HOST}:${port}`;
  const state: Pick<TestIdp, 'person' | 'tamper' | 'foreignKey'> & { accounts: Map<string, IdpPerson> } = {
    accounts: new Map(),
    person: '',
    tamper: null,
    foreignKey: false,
  };
  const client = (c: typeof CLIENT) => ({
    client_id: c.id,
    client_secret: c.secret,
    redirect_uris: [REDIRECT_URI],
    grant_types: ['authorization_code'],
    response_types: ['code' as const],
  });
  const configuration: Configuration = {
    clients: [client(CLIENT), client(OTHER_CLIENT)],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['test-idp-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: async (_ctx, id) => {
      const person = state.accounts.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...state.accounts.get(id) }) };
    },
  };
  const provider = new Provider(issuer, configuration);
  // The token response's ID token, forged when a test asks.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || !state.tamper || !body?.id_token) return;
    const payload = state.tamper(decodeJwt(body.id_token));
    const key = state.foreignKey ? foreign.privateKey : privateKey;
    body.id_token = await new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: 'idp-key-1' }).sign(key);
  });
  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) void interact(req, res);
    else callback(req, res);
  });

  /** The person's login and consent, as they would click through them. */
  async function interact(req: IncomingMessage, res: ServerResponse) {
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(req, res, { login: { accountId: state.person } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    } catch (err) {
      res.statusCode = 500;
      res.end(String(err));
    }
  }

  /** One GET at the provider as the browser: its status, Location and cookies. */
  function visit(url: URL, jar: Jar): Promise<{ status: number; location: string | null; body: string }> {
    return new Promise((resolve, reject) => {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers: { host: url.host, ...(cookie ? { cookie } : {}) },
        },
        (response) => {
          keep(jar, response.headers['set-cookie']);
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  return {
    issuer,
    get accounts() {
      return state.accounts;
    },
    get person() {
      return state.person;
    },
    set person(value) {
      state.person = value;
    },
    get tamper() {
      return state.tamper;
    },
    set tamper(value) {
      state.tamper = value;
    },
    get foreignKey() {
      return state.foreignKey;
    },
    set foreignKey(value) {
      state.foreignKey = value;
    },
    async signIn(authorizationUrl) {
      const jar: Jar = new Map();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.host !== new URL(issuer).host) return url;
        const answer = await visit(url, jar);
        if (!answer.location) throw new Error(`the provider answered ${answer.status} at ${url.pathname}: ${answer.body.slice(0, 300)}`);
        url = new URL(answer.location, url);
      }
      throw new Error('too many redirects at the provider');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
