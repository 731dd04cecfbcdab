import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import { expect } from 'vitest';
import type { UsedTestApp, Who } from '../../test/harness.js';

/**
 * A SMART Backend Services EHR started by a test on loopback (the tests reach it through
 * `standInPolicy`, as a deployment reaches an on-premise EHR its OUTBOUND_ALLOW names): the SMART
 * configuration, a token endpoint that checks each client assertion against the organization's
 * JWKS as the app publishes it (signature, `iss`/`sub`, `aud`, `exp`, a `jti` never seen before),
 * and a FHIR Patient search that answers only to the access tokens it issued.
 */
export interface SmartStandIn {
  /** The FHIR base URL, under the host name the tests' policy resolves. */
  base: string;
  tokenEndpoint: string;
  /** Every token request, in order: the assertion, its header's `kid`, and the answer's status. */
  tokenRequests: Array<{ assertion: string; kid: string | undefined; status: number; description?: string }>;
  /** Set to make the token endpoint refuse every request with this OAuth error. */
  refusal: { error: string; error_description?: string } | null;
  /** The Patients the search pages through. */
  patients: object[];
  /** The `Authorization` headers the Patient search saw. */
  seenAuthorizations: string[];
  /** When set, each page of the Patient search waits for it (given the page's offset) before it answers. */
  gate: ((offset: number) => Promise<void>) | null;
  /** Sends an assertion to the token endpoint as a client would (a replay), and answers the status and body. */
  postAssertion(assertion: string): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** An EHR Patient resource of the stand-in. */
export const fhirPatient = (id: string, family: string, given: string, birthDate: string) => ({
  resourceType: 'Patient',
  id,
  name: [{ use: 'official', family, given: [given] }],
  birthDate,
  gender: 'female',
});

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

/**
 * Starts the stand-in on loopback; its addresses name `host` (which the test's policy resolves).
 * `jwks` fetches the organization's JWKS from the app at each token request, so a rotation is seen at once.
 */
export async function startSmartStandIn(options: {
  host: string;
  clientId: string;
  jwks: () => Promise<JSONWebKeySet>;
  pageSize?: number;
}): Promise<SmartStandIn> {
  const pageSize = options.pageSize ?? 2;
  const seenJtis = new Set<string>();
  const issued = new Map<string, number>();
  const standIn: SmartStandIn = {
    base: '',
    tokenEndpoint: '',
    tokenRequests: [],
    refusal: null,
    patients: [],
    seenAuthorizations: [],
    gate: null,
    async postAssertion(assertion) {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          scope: 'system/Patient.read',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
        }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  /** The token endpoint: an access token for a good assertion, else an OAuth refusal. */
  async function token(body: string): Promise<{ status: number; body: object }> {
    const form = new URLSearchParams(body);
    const assertion = form.get('client_assertion') ?? '';
    const refuse = (status: number, error: string, description: string) => {
      standIn.tokenRequests.push({ assertion, kid: safeKid(assertion), status, description });
      return { status, body: { error, error_description: description } };
    };
    if (form.get('grant_type') !== 'client_credentials') return refuse(400, 'unsupported_grant_type', 'client_credentials only');
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      return refuse(400, 'invalid_request', 'client_assertion_type');
    if (form.get('scope') !== 'system/Patient.read') return refuse(400, 'invalid_scope', 'system/Patient.read only');
    if (standIn.refusal) return refuse(400, standIn.refusal.error, standIn.refusal.error_description ?? '');
    let payload;
    try {
      ({ payload } = await jwtVerify(assertion, createLocalJWKSet(await options.jwks()), {
        issuer: options.clientId,
        subject: options.clientId,
        audience: standIn.tokenEndpoint,
        algorithms: ['ES384'],
        requiredClaims: ['exp', 'jti'],
      }));
    } catch (err) {
      if (err instanceof errors.JWTExpired) return refuse(400, 'invalid_client', 'assertion expired');
      return refuse(401, 'invalid_client', `assertion refused: ${(err as Error).message}`);
    }
    if (payload.exp! - Math.floor(Date.now() / 1000) > 300) return refuse(400, 'invalid_client', 'exp more than 5 minutes ahead');
    if (seenJtis.has(payload.jti!)) return refuse(400, 'invalid_client', 'jti already used');
    seenJtis.add(payload.jti!);
    const accessToken = `at-${randomUUID()}`;
    issued.set(accessToken, Date.now() + 3600_000);
    standIn.tokenRequests.push({ assertion, kid: safeKid(assertion), status: 200 });
    return { status: 200, body: { access_token: accessToken, token_type: 'bearer', expires_in: 3600, scope: 'system/Patient.read' } };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://stand-in');
    const send = (status: number, body: object) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/fhir/.well-known/smart-configuration') {
      return send(200, { token_endpoint: standIn.tokenEndpoint, token_endpoint_auth_methods_supported: ['private_key_jwt'] });
    }
    if (url.pathname === '/fhir/metadata')
      return send(200, { resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', software: { name: 'Stand-in EHR' } });
    if (url.pathname === '/oauth2/token' && req.method === 'POST') {
      const answer = await token(await read(req));
      return send(answer.status, answer.body);
    }
    if (url.pathname === '/fhir/Patient') {
      const authorization = req.headers.authorization ?? '';
      standIn.seenAuthorizations.push(authorization);
      const expires = issued.get(authorization.replace(/^Bearer /, ''));
      if (!expires || expires < Date.now()) return send(401, { resourceType: 'OperationOutcome' });
      const offset = Number(url.searchParams.get('_offset') ?? 0);
      if (standIn.gate) await standIn.gate(offset);
      const entry = standIn.patients.slice(offset, offset + pageSize).map((resource) => ({ resource }));
      const link =
        offset + pageSize < standIn.patients.length ? [{ relation: 'next', url: `${standIn.base}/Patient?_offset=${offset + pageSize}` }] : [];
      return send(200, { resourceType: 'Bundle', type: 'searchset', link, entry });
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://${options.host}:${(server.address() as AddressInfo).port}`;
  standIn.base = `${origin}/fhir`;
  standIn.tokenEndpoint = `${origin}/oauth2/token`;
  return standIn;
}

/** The `kid` of an assertion's header, if it is a JWT at all. */
function safeKid(assertion: string): string | undefined {
  try {
    return decodeProtectedHeader(assertion).kid;
  } catch {
    return undefined;
  }
}

/** The organization's JWKS as the app publishes it (public, no session). */
export async function publishedJwks(t: UsedTestApp, organizationId: string): Promise<JSONWebKeySet> {
  const res = await t.anon.get(`/api/integrations/epic/jwks.json?organizationId=${organizationId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as JSONWebKeySet;
}

/** Waits (polling the history an Admin reads) until the run has ended, and answers it. */
export async function finishedRun(t: UsedTestApp, runId: string, who: Who = 'admin'): Promise<Record<string, any>> {
  for (let i = 0; i < 500; i += 1) {
    const res = await t.as(who).get('/api/settings/integrations/epic/sync-runs?limit=50');
    expect(res.statusCode).toBe(200);
    const run = (res.json().runs as Array<Record<string, any>>).find((r) => r.id === runId);
    if (run && (run.status === 'succeeded' || run.status === 'failed')) return run;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`run ${runId} did not end`);
}
