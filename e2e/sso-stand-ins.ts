import { createSocket } from 'node:dgram';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { decode, encode } from 'dns-packet';
import Provider from 'oidc-provider';
import { expect, outsideAddress } from './support';

/**
 * Single sign-on's outside systems for the SSO specs, on an address of this machine that is not
 * loopback (playwright.config.ts): an OpenID Connect provider (`oidc-provider`) whose sign-in page
 * is a small form (who you are, nothing checked: the provider vouches for whoever signs in), and a
 * DNS server, the test server's DNS_SERVERS, that publishes the TXT records a spec puts in it.
 */

/** The platform's client at the stand-in provider. */
export const CLIENT_ID = 'clinicflow-e2e';
export const CLIENT_SECRET = 'e2e-client-secret-of-the-stand-in-provider';

/** A stand-in system listening until closed. */
interface Listening {
  close: () => Promise<void>;
}

/** The stand-in identity provider: authorization code with PKCE, e-mail claims for whoever signs in. */
function identityProvider(issuer: string, baseURL: string): Provider {
  return new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${baseURL}/api/auth/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The subject is not the e-mail: the platform must name the person by it.
    findAccount: (_ctx, accountId) => ({
      accountId,
      claims: () => ({ sub: accountId, email: emailOf(accountId), email_verified: true }),
    }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['stand-in-identity-provider-cookie-key'] },
  });
}

const accountIdOf = (email: string) => `subject-${Buffer.from(email).toString('hex')}`;
const emailOf = (accountId: string) => Buffer.from(accountId.replace(/^subject-/, ''), 'hex').toString();

/** The provider's sign-in page: one labelled e-mail box; signing in also grants the scopes asked. */
async function interaction(provider: Provider, request: IncomingMessage, response: ServerResponse, uid: string) {
  if (request.method === 'GET') {
    await provider.interactionDetails(request, response);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Stand-in Identity Provider</title></head><body><main>` +
        `<h1>Stand-in Identity Provider</h1><form method="post" action="/interaction/${uid}">` +
        `<label>Identity provider e-mail <input name="email" type="email" required></label> <button type="submit">Sign in at the provider</button>` +
        `</form></main></body></html>`,
    );
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const email = new URLSearchParams(Buffer.concat(chunks).toString()).get('email') ?? '';
  const { params } = await provider.interactionDetails(request, response);
  const accountId = accountIdOf(email);
  const grant = new provider.Grant({ accountId, clientId: String(params.client_id) });
  grant.addOIDCScope(String(params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(request, response, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
}

/** Starts the stand-in identity provider for the app at `baseURL`; its issuer is its own address. */
export async function startIdentityProvider(baseURL: string): Promise<Listening & { issuer: string }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, outsideAddress(), resolve));
  const issuer = `http://${outsideAddress()}:${(server.address() as AddressInfo).port}`;
  const provider = identityProvider(issuer, baseURL);
  const handle = provider.callback();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(new URL(request.url ?? '/', issuer).pathname);
    if (!match) return void handle(request, response);
    interaction(provider, request, response, match[1]).catch((err: Error) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(err.message);
    });
  });
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Signs in at the stand-in provider as `email`, as a person types it. */
export async function signInAtProvider(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Stand-in Identity Provider' })).toBeVisible();
  await page.getByLabel('Identity provider e-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in at the provider' }).click();
}

/** A fresh browser (no session, no provider cookie) opening the organization's sign-in link. */
export async function openSignInLink(browser: Browser, signInUrl: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(signInUrl);
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  return { context, page };
}

/** RFC 1035's "name error": the name does not exist. */
const NXDOMAIN = 3;

/**
 * The stand-in DNS server at the port the test server asks (E2E_DNS_PORT): it answers TXT
 * questions from `records` (domain, then its records), and any other question with "no such name".
 * The wire format is dns-packet's.
 */
export async function startStandInDns(): Promise<Listening & { records: Map<string, string[]> }> {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    const query = decode(message);
    const question = query.questions?.[0];
    if (!question) return;
    const found = question.type === 'TXT' ? records.get(question.name.toLowerCase()) : undefined;
    const reply = encode({
      id: query.id,
      type: 'response',
      flags: (query.flags ?? 0) | (found ? 0 : NXDOMAIN),
      questions: [question],
      answers: (found ?? []).map((data) => ({ type: 'TXT' as const, name: question.name, ttl: 60, data })),
    });
    socket.send(reply, peer.port, peer.address);
  });
  const port = Number(process.env.E2E_DNS_PORT);
  if (!port) throw new Error('E2E_DNS_PORT is not set: playwright.config.ts chooses it with the outside address.');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, outsideAddress(), () => resolve());
  });
  return { records, close: () => new Promise((resolve) => socket.close(() => resolve())) };
}
