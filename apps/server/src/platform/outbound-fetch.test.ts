import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboundFetch } from './outbound-fetch.js';
import { OUTBOUND_FAILED, OUTBOUND_MAX_BYTES } from './outbound.js';
import { standInPolicy } from './outbound.testing.js';

/**
 * The outbound guard as a `fetch` (openid-client's `customFetch`): the guard's refusals reject as
 * a network error would, before any connection; what it reaches comes back whatever its status,
 * with its body; redirects are handed back, never followed.
 */
let server: Server;
let port: number;
let hits: Array<{ line: string; body: string; type?: string }> = [];
const logged: string[] = [];
const log = { warn: (details: object) => logged.push((details as { outbound: { reason: string } }).outbound.reason) };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      hits.push({ line: `${req.method} ${req.headers.host} ${req.url}`, body, type: req.headers['content-type'] });
      if (req.url === '/token') res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
      else if (req.url === '/redirect') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      else if (req.url === '/big') res.end('x'.repeat(OUTBOUND_MAX_BYTES + 1));
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"issuer":"http://idp.hospital.test"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits = [];
  logged.length = 0;
});

const allowed = () => outboundFetch(standInPolicy({ 'idp.hospital.test': '10.1.2.3' }, 'idp.hospital.test'), log);

describe('the guarded fetch', () => {
  it('reaches a target OUTBOUND_ALLOW names and answers a Response with its status, headers and body', async () => {
    const res = await allowed()(`http://idp.hospital.test:${port}/.well-known/openid-configuration`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ issuer: 'http://idp.hospital.test' });
    expect(hits.map((h) => h.line)).toEqual([`GET idp.hospital.test:${port} /.well-known/openid-configuration`]);
  });

  it('sends a form body and hands back a refusal with its body (a token endpoint’s 400)', async () => {
    const res = await allowed()(`http://idp.hospital.test:${port}/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_grant' });
    expect(hits).toEqual([
      {
        line: `POST idp.hospital.test:${port} /token`,
        body: 'grant_type=authorization_code&code=c',
        type: 'application/x-www-form-urlencoded;charset=UTF-8',
      },
    ]);
  });

  it('hands a redirect back without following it', async () => {
    const res = await allowed()(`http://idp.hospital.test:${port}/redirect`);
    expect(res.status).toBe(302);
    expect(hits).toHaveLength(1);
  });

  it.each([
    ['plain http to a host OUTBOUND_ALLOW does not name', standInPolicy({ 'idp.elsewhere.test': '93.184.216.34' }), 'http://idp.elsewhere.test'],
    ['a private address OUTBOUND_ALLOW does not name', standInPolicy({ 'idp.elsewhere.test': '10.9.9.9' }), 'https://idp.elsewhere.test'],
    [
      'a name that resolves to loopback, even when OUTBOUND_ALLOW names it',
      standInPolicy({ 'idp.local.test': '127.0.0.1' }, 'idp.local.test'),
      'http://idp.local.test',
    ],
  ])('refuses %s as a network error, before any connection', async (_kind, policy, origin) => {
    await expect(outboundFetch(policy, log)(`${origin}:${port}/.well-known/openid-configuration`)).rejects.toThrow(OUTBOUND_FAILED);
    expect(hits).toEqual([]);
    expect(logged).toHaveLength(1);
  });

  it('gives up on an answer past the size cap', async () => {
    await expect(allowed()(`http://idp.hospital.test:${port}/big`)).rejects.toThrow(OUTBOUND_FAILED);
    expect(logged).toEqual(['answer too large']);
  });
});
