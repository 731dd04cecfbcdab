import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { DEMO_PASSWORD, signInAs, useTestApp } from '../test/harness.js';

/**
 * The browser protections every response carries (CSP without inline scripts, no framing,
 * nosniff, a referrer policy, HSTS behind https), `no-store` on the API, and the session cookie's
 * Secure flag whenever the site is reached over https.
 */

const ASSET = '/assets/index-Ab12Cd34.js';
/** The built web app the server serves; written before, and removed after, the apps below. */
const webDist = join(tmpdir(), `clinic-web-${crypto.randomUUID()}`);
beforeAll(() => {
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(webDist, ASSET), 'console.log("app");');
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const PROXY = '10.0.0.5';

/** The Content-Security-Policy header as directive -> sources. */
function csp(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectBrowserProtections(res: LightMyRequestResponse) {
  const policy = csp(res);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['script-src-attr']).toEqual(["'none'"]);
  expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  expect(policy['img-src']).toEqual(["'self'", 'data:']);
  expect(policy['connect-src']).toEqual(["'self'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  expect(policy['form-action']).toEqual(["'self'"]);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
}

describe('on plain http (development)', () => {
  const t = useTestApp({ webDist });

  it('the HTML page carries the CSP, no framing, nosniff and the referrer policy, and no HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/patients' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectBrowserProtections(res);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('a static asset carries the same protections', async () => {
    const res = await t.app.inject({ method: 'GET', url: ASSET });
    expect(res.statusCode).toBe(200);
    expectBrowserProtections(res);
  });

  it('API JSON carries them and Cache-Control: no-store, on success and on refusal', async () => {
    const doctor = await signInAs(t.app, 'doctor@demo.clinic');
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/patients', headers: doctor }),
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/session' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-endpoint' }),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectBrowserProtections(res);
      expect(res.headers['cache-control'], res.raw.req.url).toBe('no-store');
    }
  });

  it('the session cookie has no Secure flag, and a client cannot turn it on by sending X-Forwarded-Proto', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers,
        payload: { email: 'nurse@demo.clinic', password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/^session_id=/);
      expect(String(res.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('with an https PUBLIC_URL', () => {
  const t = useTestApp({ webDist, publicUrl: 'https://clinic.example' });

  it('the session cookie is Secure and every response carries HSTS', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'nurse@demo.clinic', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    for (const url of ['/', ASSET, '/api/health']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });
});

describe('behind a trusted proxy that terminates TLS', () => {
  const t = useTestApp({ webDist, trustProxy: loadConfig({ TRUST_PROXY: PROXY }).TRUST_PROXY });

  const signIn = (remoteAddress: string, proto: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress,
      headers: { 'x-forwarded-proto': proto, 'x-forwarded-for': '203.0.113.7' },
      payload: { email: 'nurse@demo.clinic', password: DEMO_PASSWORD },
    });

  it("the proxy's X-Forwarded-Proto: https makes the cookie Secure and adds HSTS", async () => {
    const res = await signIn(PROXY, 'https');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('X-Forwarded-Proto: http from the proxy, or https from anyone else, leaves both off', async () => {
    for (const res of [await signIn(PROXY, 'http'), await signIn('198.51.100.20', 'https')]) {
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
