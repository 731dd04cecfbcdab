import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const trustProxy = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty, false or 0', () => {
    expect([trustProxy(), trustProxy(''), trustProxy('false'), trustProxy('0')]).toEqual([false, false, false, false]);
  });

  it('takes a hop count: 1 is the address the nearest proxy appended', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy(' 2 ')).toBe(2);
  });

  it('takes a comma-separated list of proxy addresses and CIDR ranges', () => {
    expect(trustProxy('10.0.0.5, 10.1.0.0/16,fd00::/8 , loopback')).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('refuses true, which would let a client choose its own address, and says what to write instead', () => {
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY=true trusts every hop.*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.5/s);
    expect(() => trustProxy('TRUE')).toThrow(/TRUST_PROXY=1/);
  });

  it.each(['yes', '-1', '1.5', '10.0.0.0/33', '::1/129', '10.0.0.300', '10.0.0.5,,10.0.0.6', 'proxy.example'])(
    'refuses "%s" naming the variable',
    (value) => {
      expect(() => trustProxy(value)).toThrow(/TRUST_PROXY/);
    },
  );

  it('stops the server at start-up with the message, before it opens a database or a port', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const dataDir = join(tmpdir(), `never-created-${crypto.randomUUID()}`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, TRUST_PROXY: 'true', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('TRUST_PROXY=true trusts every hop');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('METRICS_TOKEN', () => {
  it('is unset when absent or empty, and kept as given otherwise', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-random-secret-1234' }).METRICS_TOKEN).toBe('a-long-random-secret-1234');
  });

  it('refuses a short token, naming the variable', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe('OUTBOUND_ALLOW', () => {
  const allow = (value?: string) => loadConfig(value === undefined ? {} : { OUTBOUND_ALLOW: value }).OUTBOUND_ALLOW;

  it('allows no private target when unset or empty', () => {
    expect([allow(), allow(''), allow(' , ')]).toEqual([[], [], []]);
  });

  it('takes a comma-separated list of addresses, CIDR ranges and host names', () => {
    expect(allow('10.0.0.5, 10.20.0.0/16,fd12::/16 , EHR.Hospital.internal')).toEqual([
      { network: [expect.objectContaining({ octets: [10, 0, 0, 5] }), 32] },
      { network: [expect.objectContaining({ octets: [10, 20, 0, 0] }), 16] },
      { network: [expect.anything(), 16] },
      { host: 'ehr.hospital.internal' },
    ]);
  });

  it.each(['127.0.0.1', '169.254.169.254', 'fd00:ec2::254', '::1'])(
    'refuses %s, which the server never connects to, naming the variable',
    (value) => {
      expect(() => allow(value)).toThrow(/OUTBOUND_ALLOW: "[^"]+" is loopback, link-local or instance metadata.*Write the networks/s);
    },
  );

  it.each(['10.0.0.0/33', 'https://ehr.example', '*.example.org'])('refuses "%s" naming the variable and what to write', (value) => {
    expect(() => allow(value)).toThrow(/OUTBOUND_ALLOW: .*Write the networks/s);
  });
});

describe('DNS_SERVERS', () => {
  const servers = (value?: string) => loadConfig(value === undefined ? {} : { DNS_SERVERS: value }).DNS_SERVERS;

  it('names no resolver (the system is asked) when unset or empty', () => {
    expect([servers(), servers(''), servers(' , ')]).toEqual([[], [], []]);
  });

  it('takes comma-separated IPv4 and IPv6 addresses, each with an optional port', () => {
    expect(servers('10.0.0.53, 10.0.0.54:5353,fd00::53 ,[fd00::54],[fd00::55]:53')).toEqual([
      '10.0.0.53',
      '10.0.0.54:5353',
      'fd00::53',
      '[fd00::54]',
      '[fd00::55]:53',
    ]);
  });

  it.each([
    'dns.hospital.internal',
    '10.0.0.300',
    '10.0.0.53:0',
    '10.0.0.53:65536',
    '10.0.0.53:',
    'fd00::53:5353x',
    '[10.0.0.53]:53',
    'udp://10.0.0.53',
  ])('refuses "%s" naming the variable and what to write', (value) => {
    expect(() => servers(value)).toThrow(
      /DNS_SERVERS: "[^"]+" is not an IP address with an optional port\. Write the DNS servers .*10\.0\.0\.54:5353/s,
    );
  });

  it('stops the server at start-up with the message', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const dataDir = join(tmpdir(), `never-created-${crypto.randomUUID()}`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, DNS_SERVERS: '10.0.0.53,dns.hospital.internal', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('DNS_SERVERS: "dns.hospital.internal" is not an IP address with an optional port.');
    expect(existsSync(dataDir)).toBe(false);
  });
});
