import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOUND_FAILED, PUBLIC_ONLY } from '../../platform/outbound.js';
import { standInPolicy } from '../../platform/outbound.testing.js';
import { discoverTokenEndpoint, requestAccessToken, SmartTokenCache } from './smart-token.js';

/**
 * The token request's answers as the Admin hears them: an OAuth refusal is the EHR's own reason;
 * every other failure (no answer, a 5xx, an answer that is not JSON or holds no token) is the
 * guard's one message. And how long the cache keeps a token.
 */
const HOST = 'token.hospital.test';
const policy = standInPolicy({ [HOST]: '10.20.30.70' }, HOST);
const reasons: string[] = [];
const log = { warn: (details: object) => reasons.push((details as { outbound: { reason: string } }).outbound.reason) };
let server: Server;
let origin: string;
/** What the token endpoint answers next: status, content type and body. */
let next: { status: number; type?: string; body: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/fhir/.well-known/smart-configuration') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ token_endpoint: 'not a url' }));
      return;
    }
    res.statusCode = next.status;
    res.setHeader('content-type', next.type ?? 'application/json');
    res.end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://${HOST}:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ask = (body: typeof next) => {
  next = body;
  return requestAccessToken(`${origin}/token`, 'assertion', { policy, log });
};

describe('requestAccessToken', () => {
  it('answers the token and how long it lasts', async () => {
    expect(await ask({ status: 200, body: JSON.stringify({ access_token: 'abc', token_type: 'Bearer', expires_in: 3600 }) })).toEqual({
      ok: true,
      authorization: 'Bearer abc',
      seconds: 3600,
    });
    expect(await ask({ status: 200, body: JSON.stringify({ access_token: 'abc' }) })).toMatchObject({ ok: true, seconds: 300 });
  });

  it("tells an OAuth refusal as the EHR's reason", async () => {
    const body = JSON.stringify({ error: 'invalid_client', error_description: 'unknown kid' });
    expect(await ask({ status: 401, body })).toEqual({ ok: false, error: 'The EHR refused the sign-in: invalid_client (unknown kid)' });
  });

  it('gives the one message for everything else', async () => {
    for (const answer of [
      { status: 500, body: JSON.stringify({ error: 'server_error' }) },
      { status: 400, type: 'text/html', body: '<h1>Bad request</h1>' },
      { status: 400, body: JSON.stringify({ message: 'no' }) },
      { status: 302, body: '' },
      { status: 200, body: JSON.stringify({ token_type: 'bearer' }) },
      { status: 200, body: JSON.stringify({ access_token: 'a\r\nX-Injected: 1' }) },
      { status: 200, body: JSON.stringify({ access_token: 'abc', token_type: 'mac' }) },
    ]) {
      expect(await ask(answer), JSON.stringify(answer)).toEqual({ ok: false, error: OUTBOUND_FAILED });
    }
    expect(reasons).toContain('status 500');
  });

  it('never reaches a token endpoint the deployment does not allow', async () => {
    expect(await requestAccessToken(`${origin}/token`, 'assertion', { policy: PUBLIC_ONLY, log })).toEqual({ ok: false, error: OUTBOUND_FAILED });
    expect(await requestAccessToken('https://127.0.0.1/token', 'assertion', { policy, log })).toEqual({ ok: false, error: OUTBOUND_FAILED });
  });

  it('a SMART configuration without a usable token endpoint is the one message', async () => {
    expect(await discoverTokenEndpoint(`${origin}/fhir`, { policy, log })).toEqual({ ok: false, error: OUTBOUND_FAILED });
  });
});

describe('SmartTokenCache', () => {
  it('keeps a token until a minute before it expires, and never longer than an hour', () => {
    const cache = new SmartTokenCache();
    const key = SmartTokenCache.keyOf('org', 'https://ehr.example/fhir/', 'client');
    expect(key).toBe(SmartTokenCache.keyOf('org', 'https://ehr.example/fhir', 'client'));
    cache.set(key, 'Bearer a', 600, 0);
    expect(cache.get(key, 539_999)).toBe('Bearer a');
    expect(cache.get(key, 540_000)).toBeUndefined();
    cache.set(key, 'Bearer b', 86_400, 0);
    expect(cache.get(key, 3_539_999)).toBe('Bearer b');
    expect(cache.get(key, 3_540_000)).toBeUndefined();
    // A token that lasts under a minute is not kept at all.
    cache.set(key, 'Bearer c', 60, 0);
    expect(cache.get(key, 0)).toBeUndefined();
    cache.set(key, 'Bearer d', 600, 0);
    cache.drop(key);
    expect(cache.get(key, 1)).toBeUndefined();
    expect(cache.get(SmartTokenCache.keyOf('other-org', 'https://ehr.example/fhir', 'client'), 1)).toBeUndefined();
  });
});
