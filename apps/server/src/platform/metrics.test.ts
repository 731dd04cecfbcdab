import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshAddress, openEventStream, signInAs, type TestApp } from '../test/harness.js';
import { isLoopback } from './metrics.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample of the exposition text (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return 0;
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('/metrics', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('answers a caller on this machine without a token, in the Prometheus text format', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE clinic_http_requests_total counter');
    expect(sample(res.body, 'clinic_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(res.body).toContain('clinic_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health",status="200"}');
    for (const name of [
      'clinic_audit_rows_total',
      'clinic_sign_in_failures_total',
      'clinic_rate_limit_refusals_total',
      'clinic_sse_subscribers',
      'clinic_db_listen_up',
    ]) {
      expect(res.body).toContain(`# TYPE ${name}`);
    }
    expect(sample(res.body, 'clinic_db_listen_up')).toBe(1);
  });

  it('is compressed for a scraper that accepts gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('# TYPE clinic_http_requests_total counter');
  });

  it('labels requests by route pattern, never the raw URL', async () => {
    const admin = await signInAs(t.app, 'admin@demo.clinic');
    await t.app.inject({ method: 'GET', url: '/api/patients?search=Zebediah', headers: admin });
    await t.app.inject({ method: 'GET', url: '/api/patients/Zebediah-0000', headers: admin });
    await t.app.inject({ method: 'GET', url: '/api/no-such-Zebediah' });
    const text = await scrape(t);
    expect(text).not.toContain('Zebediah');
    expect(sample(text, 'clinic_http_requests_total', { route: '/api/patients', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'clinic_http_requests_total', { route: '/api/patients/:id', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'clinic_http_requests_total', { route: '(unmatched)', status: '404' })).toBeGreaterThanOrEqual(1);
  });

  it('shows the pool on PostgreSQL, none for the embedded database', async () => {
    const text = await scrape(t);
    if (t.url) {
      expect(sample(text, 'clinic_db_pool_connections', { state: 'max' })).toBe(10);
      expect(sample(text, 'clinic_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(text).toContain('clinic_db_pool_connections{state="waiting"}');
    } else {
      expect(text).not.toContain('clinic_db_pool_connections{');
    }
  });

  it('asks another address for the token: 401 without it, 403 with a wrong one, 200 with the right one', async () => {
    const remoteAddress = freshAddress();
    const none = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body).not.toContain('clinic_http');
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('clinic_http');
    const noScheme = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: { authorization: TOKEN } });
    expect(noScheme.statusCode).toBe(403);
    const right = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('clinic_http_requests_total');
  });

  it('treats a forwarded request as remote even from loopback (a proxy on this machine that is not trusted)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(res.statusCode).toBe(401);
  });

  it('counts failed sign-ins by reason, and their audit rows, over real HTTP and inject alike', async () => {
    const before = await scrape(t);
    const res = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nurse@demo.clinic', password: 'not-the-password' }),
    });
    expect(res.status).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: freshAddress(),
      payload: { email: 'nobody@demo.clinic', password: 'whatever-password' },
    });
    expect(unknown.statusCode).toBe(401);
    const after = await scrape(t);
    const moved = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    // One reason for both: the answer's code, which does not tell an unknown e-mail from a wrong password.
    expect(moved('clinic_sign_in_failures_total', { reason: 'auth/invalid-credential' })).toBe(2);
    expect(moved('clinic_audit_rows_total')).toBe(2);
    expect(after).not.toContain('nurse@demo.clinic');
  });

  it('counts rate-limit refusals by limit', async () => {
    const before = await scrape(t);
    const remoteAddress = freshAddress();
    let refused = 0;
    for (let i = 0; i < 125; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/public/clinic', remoteAddress });
      if (res.statusCode === 429) refused += 1;
    }
    expect(refused).toBe(5);
    const after = await scrape(t);
    const moved =
      sample(after, 'clinic_rate_limit_refusals_total', { limit: 'clinic-context' }) -
      sample(before, 'clinic_rate_limit_refusals_total', { limit: 'clinic-context' });
    expect(moved).toBe(5);
  });

  it('counts open event streams', async () => {
    const headers = await signInAs(t.app, 'doctor@demo.clinic');
    const before = sample(await scrape(t), 'clinic_sse_subscribers');
    const stream = await openEventStream(baseUrl, headers);
    expect(stream.status).toBe(200);
    await expect.poll(async () => sample(await scrape(t), 'clinic_sse_subscribers')).toBe(before + 1);
    stream.close();
    await stream.done;
    await expect.poll(async () => sample(await scrape(t), 'clinic_sse_subscribers')).toBe(before);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('refuses every other address (403), token or not, and still answers this machine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(403);
    const guessed = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: 'Bearer undefined' },
    });
    expect(guessed.statusCode).toBe(403);
    const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(local.statusCode).toBe(200);
  });
});

describe('/metrics behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, trustProxy: ['loopback'], metricsToken: TOKEN });
  });
  afterAll(() => t.close());

  it('judges the forwarded address, not the proxy on loopback', async () => {
    const outside = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(outside.statusCode).toBe(401);
    // A client writing 127.0.0.1 itself: the proxy appends the real address, which decides.
    const spoofed = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' } });
    expect(spoofed.statusCode).toBe(401);
    const withToken = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
    const direct = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(direct.statusCode).toBe(200);
  });

  it('keeps one registry per app: two apps count their own requests', async () => {
    const other = await createTestApp({ seed: false });
    try {
      await other.app.inject({ method: 'GET', url: '/api/health' });
      await other.app.inject({ method: 'GET', url: '/api/health' });
      const mine = await t.app.inject({ method: 'GET', url: '/metrics' });
      const theirs = await other.app.inject({ method: 'GET', url: '/metrics' });
      expect(sample(mine.body, 'clinic_http_requests_total', { route: '/api/health' })).toBe(0);
      expect(sample(theirs.body, 'clinic_http_requests_total', { route: '/api/health' })).toBe(2);
    } finally {
      await other.close();
    }
  });
});

describe('isLoopback', () => {
  it('knows the loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a), a).toBe(true);
    for (const a of ['10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '::', 'localhost', '', '128.0.0.1', 'fe80::1']) expect(isLoopback(a), a).toBe(false);
  });
});
