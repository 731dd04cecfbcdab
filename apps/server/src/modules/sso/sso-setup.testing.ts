import type { SsoConfigurationBody } from '@clinic/domain';
import type { LightMyRequestResponse } from 'fastify';
import { createOtherOrganization, freshAddress, type UsedTestApp } from '../../test/harness.js';
import type { TxtResolver } from './domain-verification.service.js';
import { CLIENT, type TestIdp } from './test-idp.testing.js';

/**
 * For tests only: an organization with single sign-on through the test provider, its domain
 * verified through a stand-in DNS (`txtRecords`), and the browser's side of a sign-in.
 */

/** TXT records by domain, as the stand-in DNS answers them. */
export const txtRecords = new Map<string, string[][]>();

/** The stand-in DNS: the records of `txtRecords`, or "no such name". */
export const testTxtResolver: TxtResolver = async (domain) => {
  const records = txtRecords.get(domain);
  if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${domain}`), { code: 'ENOTFOUND' });
  return records;
};

/** An organization with single sign-on set up: its id and its owner's headers. */
export interface SsoOrganization {
  organizationId: string;
  owner: Record<string, string>;
}

/** The settings body for the test provider, with `over` laid on. */
export function ssoBody(idp: TestIdp, over: Partial<SsoConfigurationBody> = {}): SsoConfigurationBody {
  return {
    enabled: true,
    issuer: idp.issuer,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    domains: [],
    enforce: false,
    defaultRole: 'Nurse',
    ...over,
  };
}

/** Creates an organization owned by `ownerEmail`, saves its settings and verifies its domains. */
export async function ssoOrganization(
  t: UsedTestApp,
  idp: TestIdp,
  ownerEmail: string,
  over: Partial<SsoConfigurationBody> = {},
): Promise<SsoOrganization> {
  const { organizationId, headers } = await createOtherOrganization(t.app, ownerEmail);
  const saved = await t.as(headers).put('/api/organizations/sso', ssoBody(idp, over));
  if (saved.statusCode !== 200) throw new Error(`SSO settings: ${saved.statusCode} ${saved.body}`);
  for (const d of saved.json().ssoConfiguration.domains as Array<{ domain: string; txtRecord: string }>) {
    txtRecords.set(d.domain, [[d.txtRecord]]);
    const verified = await t.as(headers).post(`/api/organizations/sso/domains/${d.domain}/verify`);
    if (verified.statusCode !== 200) throw new Error(`verify ${d.domain}: ${verified.statusCode} ${verified.body}`);
  }
  return { organizationId, owner: headers };
}

/** A sign-in as the browser makes it: the start's answer and the cookie it set. */
export interface Started {
  start: LightMyRequestResponse;
  redirectUrl: string;
  browser: string | undefined;
}

/** `POST /api/auth/sso/start` from a fresh address. */
export async function startSso(t: UsedTestApp, body: { email: string } | { organizationId: string }): Promise<Started> {
  const start = await t.anon.post('/api/auth/sso/start', body, { remoteAddress: freshAddress() });
  const browser = start.cookies.find((c) => c.name === 'sso_browser')?.value;
  return { start, redirectUrl: start.json().redirectUrl, browser };
}

/** The provider's redirect back, delivered to the app with the browser's cookie (or another one). */
export function callback(t: UsedTestApp, back: URL, browser: string | undefined): Promise<LightMyRequestResponse> {
  return t.anon.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: browser ? { sso_browser: browser } : {},
    remoteAddress: freshAddress(),
  });
}

/** A whole sign-in: start, the provider (as `idp.person`), and the callback in the same browser. */
export async function signInWithSso(t: UsedTestApp, idp: TestIdp, body: { email: string } | { organizationId: string }) {
  const started = await startSso(t, body);
  const back = await idp.signIn(started.redirectUrl);
  return { ...started, back, res: await callback(t, back, started.browser) };
}

/** Where the callback sent the browser (its Location, relative to the app's origin). */
export const locationOf = (res: LightMyRequestResponse) => String(res.headers.location ?? '');
