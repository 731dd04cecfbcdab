import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { expectAccessible } from './accessibility';
import { expect, outsideAddress, test } from './support';

/**
 * The Epic EHR over SMART Backend Services, end to end, in an organization of the test's own (the
 * demo organization's connection stays as the other specs expect it). A stand-in EHR listens on an
 * address of this machine that is not loopback, which the test server's OUTBOUND_ALLOW names (as a
 * deployment names an on-premise EHR): its token endpoint checks each client assertion against the
 * JWKS URL the settings screen shows (signature, iss/sub, aud, exp, a jti never seen), and its
 * Patient search answers only to the access tokens it issued.
 */

const PASSWORD = 'Strong-pass-2026';
const CLIENT_ID = 'clinicflow-e2e-backend';

let ehr: Server;
let origin = '';
/** The JWKS URL as the Admin copied it from the screen into the EHR's app registration. */
let registeredJwks = '';
/** Set to make the token endpoint refuse, as an EHR refuses an assertion it has already seen. */
let refusing = false;
const seenJtis = new Set<string>();
const issued = new Set<string>();
let family = '';

const read = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** The token endpoint: a token for an assertion that verifies against the registered JWKS, else OAuth's refusal. */
async function token(body: string): Promise<[number, object]> {
  const refuse = (error: string, description: string): [number, object] => [400, { error, error_description: description }];
  const form = new URLSearchParams(body);
  if (form.get('grant_type') !== 'client_credentials') return refuse('unsupported_grant_type', 'client_credentials only');
  if (refusing) return refuse('invalid_client', 'jti already used');
  const jwks = (await (await fetch(registeredJwks)).json()) as JSONWebKeySet;
  try {
    const { payload } = await jwtVerify(form.get('client_assertion') ?? '', createLocalJWKSet(jwks), {
      issuer: CLIENT_ID,
      subject: CLIENT_ID,
      audience: `${origin}/oauth2/token`,
      requiredClaims: ['exp', 'jti'],
    });
    if (payload.exp! - Date.now() / 1000 > 300) return refuse('invalid_client', 'exp too far ahead');
    if (seenJtis.has(payload.jti!)) return refuse('invalid_client', 'jti already used');
    seenJtis.add(payload.jti!);
  } catch (err) {
    return refuse('invalid_client', (err as Error).message);
  }
  const accessToken = `e2e-${randomUUID()}`;
  issued.add(accessToken);
  return [200, { access_token: accessToken, token_type: 'bearer', expires_in: 3600, scope: 'system/Patient.read' }];
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  const path = new URL(request.url ?? '/', origin).pathname;
  const send = (status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (path === '/fhir/.well-known/smart-configuration') return send(200, { token_endpoint: `${origin}/oauth2/token` });
  if (path === '/fhir/metadata')
    return send(200, { resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', software: { name: 'Stand-in Epic' } });
  if (path === '/oauth2/token' && request.method === 'POST') return send(...(await token(await read(request))));
  if (path === '/fhir/Patient') {
    if (!issued.has((request.headers.authorization ?? '').replace(/^Bearer /, ''))) return send(401, { resourceType: 'OperationOutcome' });
    const patient = (id: string, given: string) => ({ resourceType: 'Patient', id, name: [{ family, given: [given] }], birthDate: '1980-05-06' });
    return send(200, {
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [{ resource: patient('p1', 'Ada') }, { resource: patient('p2', 'Ben') }],
    });
  }
  send(404, {});
}

test.beforeAll(async () => {
  ehr = createServer((request, response) => {
    handle(request, response).catch((err: Error) => {
      response.writeHead(500);
      response.end(err.message);
    });
  });
  const address = outsideAddress();
  await new Promise<void>((resolve) => ehr.listen(0, address, resolve));
  origin = `http://${address}:${(ehr.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => ehr?.close(resolve));
});

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(res.ok(), await res.text()).toBe(true);
}

test('an Admin registers the JWKS URL, syncs patients over SMART Backend Services, and sees why a refused sign-in stopped a sync', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const unique = Date.now().toString(36);
  family = `Smartsync${unique}`;
  const ownerEmail = `owner-${unique}@epic-e2e.test`;
  await ok(await page.request.post('/api/auth/sign-up', { data: { email: ownerEmail, password: PASSWORD } }));
  await ok(await page.request.post('/api/organizations', { data: { name: `Epic Clinic ${unique}`, type: 'clinic' } }));

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'System' }).click();
  await page.getByRole('switch', { name: 'Epic EHR' }).click();
  await page.getByRole('textbox', { name: 'Client ID' }).fill(CLIENT_ID);
  await page.getByRole('textbox', { name: 'Base URL' }).fill(`${origin}/fhir`);
  // A new connection signs in over SMART Backend Services: no bearer token to enter.
  await expect(page.getByRole('combobox', { name: 'Sign-in method' })).toHaveValue('SMART Backend Services (signed JWT)');
  await expect(page.getByLabel('Bearer token (API key)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Integration' }).click();
  await expect(page.getByRole('button', { name: 'Save Integration' })).toBeDisabled();

  // The JWK Set URL to copy into Epic's app registration, with the key it publishes.
  const jwksUrl = page.getByTestId('epic-jwks-url');
  await expect(jwksUrl).toContainText('/api/integrations/epic/jwks.json?organizationId=');
  await expect(page.getByRole('button', { name: 'Copy JWKS URL' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Signing keys' })).toContainText('ES384 key');
  registeredJwks = (await jwksUrl.textContent())!;
  expect(new URL(registeredJwks).origin).toBe(new URL(page.url()).origin);

  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Connected' })).toContainText('FHIR version 4.0.1, software Stand-in Epic.');

  await page.getByRole('button', { name: 'Sync Patients' }).click();
  const complete = page.getByRole('alert').filter({ hasText: 'Sync complete' });
  await expect(complete).toContainText('Created 2, updated 0, unchanged 0, skipped 0, errors 0 (1 page read).');
  await expect(page.getByText(/^Last sync: /)).not.toContainText('Never');
  const history = page.getByRole('table', { name: 'Sync history' });
  const succeeded = history.getByRole('row').filter({ hasText: 'Succeeded' });
  await expect(succeeded).toHaveCount(1);
  await expect(succeeded).toContainText(ownerEmail);
  await expect(succeeded).toContainText('Created 2');
  await page.mouse.move(0, 0);
  await expectAccessible(page, { where: 'the Epic EHR card after a sync' });

  // The EHR now refuses the server's sign-ins: Test Connection and the next sync say why.
  refusing = true;
  const reason = 'The EHR refused the sign-in: invalid_client (jti already used)';
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Connection failed' })).toContainText(reason);
  // A new client id: the access token of the old one is not used for it.
  await page.getByRole('textbox', { name: 'Client ID' }).fill(`${CLIENT_ID}-renamed`);
  await page.getByRole('button', { name: 'Save Integration' }).click();
  await expect(page.getByRole('button', { name: 'Save Integration' })).toBeDisabled();
  await page.getByRole('button', { name: 'Sync Patients' }).click();
  const stopped = page.getByRole('alert').filter({ hasText: 'Sync stopped' });
  await expect(stopped).toContainText('Created 0, updated 0, unchanged 0, skipped 0, errors 1 (0 pages read).');
  await expect(stopped).toContainText(reason);
  const failed = history.getByRole('row').filter({ hasText: 'Failed' });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText(reason);
  await expect(history.getByRole('row').nth(1)).toContainText('Failed');
});
