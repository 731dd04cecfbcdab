import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { DEMO_PASSWORD, rows, useTestApp } from '../test/harness.js';

/**
 * Behind a proxy the client address comes from X-Forwarded-For, whose left-most entries the client
 * writes itself. Only the entries the trusted proxies appended may count, so rotating the rest
 * never escapes a per-address limit.
 */

const LOAD_BALANCER = '10.0.0.5';
const CLIENT = '203.0.113.7';
/** A header as the nearest proxy forwards it: whatever the client sent, then the client's real address. */
const forwardedFor = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i % 250}, 192.0.2.${(i * 7) % 250}, ${CLIENT}` });

const kioskCase = (i: number) => ({ firstName: 'Rotating', lastName: `Client${i}`, chiefComplaint: 'Headache' });

describe.each([
  ['a hop count of 1', '1'],
  ['the load balancer address', LOAD_BALANCER],
  ['a CIDR range holding the load balancer', '10.0.0.0/8'],
])('with TRUST_PROXY set to %s', (_name, value) => {
  const t = useTestApp({ trustProxy: loadConfig({ TRUST_PROXY: value }).TRUST_PROXY });

  it('rotating the left-most X-Forwarded-For entries does not escape the kiosk limit of 30 a minute', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/triage/case',
        remoteAddress: LOAD_BALANCER,
        headers: forwardedFor(i),
        payload: kioskCase(i),
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(30);
    expect(codes.slice(30).every((c) => c === 429)).toBe(true);
  });

  it('rotating the left-most X-Forwarded-For entries does not escape the per-address sign-in limit', async () => {
    const signIn = (email: string, password: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: LOAD_BALANCER,
        headers: forwardedFor(i),
        payload: { email, password },
      });
    for (let i = 0; i < 30; i += 1) expect((await signIn(`guess-${i}@example.org`, 'x', i)).statusCode).toBe(401);
    const codes: number[] = [];
    for (let i = 30; i < 40; i += 1) codes.push((await signIn('owner@demo.clinic', DEMO_PASSWORD, i)).statusCode);
    expect(codes).toEqual(Array(10).fill(429));
  });

  it('records the address the proxy appended, not one the client wrote', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: LOAD_BALANCER,
      headers: { 'x-forwarded-for': `1.2.3.4, 198.51.100.99` },
      payload: { email: 'admin@demo.clinic', password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rows<{ ip: string }>(t.database.db, sql`select ip from sessions order by created_at desc limit 1`);
    expect(row.ip).toBe('198.51.100.99');
  });
});
