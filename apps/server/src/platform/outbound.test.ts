import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowList, OUTBOUND_FAILED, OUTBOUND_MAX_BYTES, outboundGetJson, PUBLIC_ONLY, type OutboundPolicy } from './outbound.js';
import { isAlwaysRefused } from './outbound-policy.js';
import { standInPolicy } from './outbound.testing.js';

/**
 * The outbound guard against a server on this machine that stands in for remote systems: what it
 * refuses never gets a connection, whatever the allow-list says; what OUTBOUND_ALLOW names is
 * reached; every failure is the same message to the caller and its reason in the log.
 */
let server: Server;
let port: number;
let hits: string[] = [];
const logged: Array<{ reason: string }> = [];
const log = { warn: (details: object) => logged.push((details as { outbound: { reason: string } }).outbound) };

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    if (req.url === '/json') res.end(JSON.stringify({ resourceType: 'CapabilityStatement' }));
    else if (req.url === '/text') res.end('<html>admin console</html>');
    else if (req.url === '/big') res.end(JSON.stringify({ pad: 'x'.repeat(OUTBOUND_MAX_BYTES) }));
    else if (req.url === '/redirect') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    else res.writeHead(500).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits = [];
  logged.length = 0;
});

const get = (policy: OutboundPolicy, url: string) => outboundGetJson(policy, log)(url);

describe('the outbound guard', () => {
  it('reaches a plain-http server at a private address when OUTBOUND_ALLOW names its host, with the Host header it was given', async () => {
    const policy = standInPolicy({ 'ehr.hospital.test': '10.20.30.40' }, 'ehr.hospital.test');
    expect(await get(policy, `http://ehr.hospital.test:${port}/json`)).toEqual({ ok: true, body: { resourceType: 'CapabilityStatement' } });
    expect(hits).toEqual([`ehr.hospital.test:${port} /json`]);
  });

  it('reaches a private address inside a CIDR range OUTBOUND_ALLOW names', async () => {
    const policy = standInPolicy({ 'ehr.hospital.test': '10.20.30.40' }, '10.20.0.0/16');
    expect(await get(policy, `http://ehr.hospital.test:${port}/json`)).toMatchObject({ ok: true });
  });

  it.each([
    ['a private address', { 'ehr.hospital.test': '10.20.30.40' }, 'https'],
    ['plain http to a public address', { 'ehr.hospital.test': '93.184.216.34' }, 'http'],
    ['a name that also resolves to a private address', { 'ehr.hospital.test': '192.168.1.9' }, 'https'],
  ])('refuses %s without OUTBOUND_ALLOW, and never connects', async (_kind, names, scheme) => {
    const answer = await get(standInPolicy(names), `${scheme}://ehr.hospital.test:${port}/json`);
    expect(answer).toEqual({ ok: false, error: OUTBOUND_FAILED });
    expect(hits).toEqual([]);
  });

  it.each(['127.0.0.1', '169.254.169.254', 'fd00:ec2::254', '::1', '::7f00:1', '::ffff:127.0.0.1', '0.0.0.0', 'fe80::1'])(
    'refuses %s even when OUTBOUND_ALLOW names the host and every address, and never connects',
    async (address) => {
      const policy = standInPolicy({ 'metadata.test': address }, 'metadata.test,0.0.0.0/0,::/0');
      for (const url of [`http://metadata.test:${port}/json`, `https://metadata.test:${port}/json`]) {
        expect(await get(policy, url)).toEqual({ ok: false, error: OUTBOUND_FAILED });
      }
      expect(isAlwaysRefused(address)).toBe(true);
      expect(hits).toEqual([]);
    },
  );

  it('refuses loopback and metadata addresses written into the URL, in any of their forms', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/json`,
      `http://2130706433:${port}/json`,
      `http://0x7f.0.0.1:${port}/json`,
      `http://[::ffff:7f00:1]:${port}/json`,
      'http://169.254.169.254/latest/meta-data',
      `http://[::1]:${port}/json`,
      'https://0.0.0.0/',
    ]) {
      expect(await get(PUBLIC_ONLY, url)).toEqual({ ok: false, error: OUTBOUND_FAILED });
    }
    expect(hits).toEqual([]);
  });

  it('answers every kind of failure with the same message, and logs each reason', async () => {
    const policy = standInPolicy({ 'ehr.hospital.test': '10.20.30.40' }, 'ehr.hospital.test');
    const answers = [
      await get(policy, `http://unknown.hospital.test:${port}/json`),
      await get(policy, `http://ehr.hospital.test:${port}/text`),
      await get(policy, `http://ehr.hospital.test:${port}/missing`),
      await get(policy, `http://ehr.hospital.test:${port}/big`),
      await get(policy, `http://ehr.hospital.test:1/json`),
      await get(PUBLIC_ONLY, `http://10.0.0.1/json`),
      await get(PUBLIC_ONLY, 'not a url'),
    ];
    expect(answers.every((a) => a.ok === false && a.error === OUTBOUND_FAILED)).toBe(true);
    expect(logged.map((l) => l.reason)).toEqual([
      expect.stringMatching(/^DNS: .*ENOTFOUND/),
      'answer is not JSON',
      'status 500',
      'answer too large',
      expect.stringMatching(/ECONNREFUSED/),
      expect.stringMatching(/private and not in OUTBOUND_ALLOW/),
      expect.stringMatching(/Invalid URL/),
    ]);
  });

  it('does not follow a redirect', async () => {
    const policy = standInPolicy({ 'ehr.hospital.test': '10.20.30.40' }, 'ehr.hospital.test');
    expect(await get(policy, `http://ehr.hospital.test:${port}/redirect`)).toEqual({ ok: false, error: OUTBOUND_FAILED });
    expect(hits).toEqual([`ehr.hospital.test:${port} /redirect`]);
  });
});

describe('OUTBOUND_ALLOW entries', () => {
  it('takes addresses, CIDR ranges and host names', () => {
    expect(allowList(' 10.0.0.5, 10.1.0.0/16,fd12::/16, EHR.Hospital.internal ')).toEqual([
      { network: [expect.anything(), 32] },
      { network: [expect.anything(), 16] },
      { network: [expect.anything(), 16] },
      { host: 'ehr.hospital.internal' },
    ]);
  });

  it.each(['127.0.0.1', '127.0.0.0/8', '169.254.169.254', '::1', 'fd00:ec2::254', '::ffff:127.0.0.1', 'fe80::/64'])(
    'refuses %s, which is never reachable',
    (entry) => {
      expect(() => allowList(entry)).toThrow(/OUTBOUND_ALLOW: .*never connects to/);
    },
  );

  it.each(['10.0.0.0/33', 'http://ehr.example', 'ehr_example', '*.example.org'])('refuses "%s", which is no entry', (entry) => {
    expect(() => allowList(entry)).toThrow(/OUTBOUND_ALLOW/);
  });
});
