import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../test/harness.js';
import { COMPRESSION_THRESHOLD, IMMUTABLE, REVALIDATE } from './delivery.js';

/**
 * How the built app and the API reach the browser: static files precompressed and chosen by
 * Accept-Encoding, hashed assets cached for good and index.html revalidated, API JSON compressed
 * above a threshold, event streams never compressed.
 */

const ASSET = '/assets/index-Ab12Cd34.js';
const ASSET_SOURCE = `console.log(${JSON.stringify('the app '.repeat(400))});`;
const INDEX = `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`;
const LANDING = INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Clinic operations, from check-in to care</h1></div>');

/** A build folder as the web build writes it: each text file with its `.br` and `.gz`. */
function writeBuild(dir: string) {
  mkdirSync(join(dir, 'assets'));
  for (const [path, text] of [
    ['/index.html', INDEX],
    ['/landing.html', LANDING],
    [ASSET, ASSET_SOURCE],
  ]) {
    writeFileSync(join(dir, path), text);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
  }
}

/** The body as sent, decoded by its Content-Encoding. */
function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

let webDist: string;
let t: TestApp;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'clinic-web-'));
  writeBuild(webDist);
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('static files of the build', () => {
  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
  ])('Accept-Encoding "%s" gets the precompressed %s file', async (accept, encoding) => {
    const res = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(ASSET_SOURCE.length / 4);
    expect(decoded(res)).toBe(ASSET_SOURCE);
  });

  it('with no Accept-Encoding (or identity only) the file is sent as it is', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await t.app.inject({ method: 'GET', url: ASSET, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(ASSET_SOURCE);
    }
  });

  it('hashed assets are cached for a year, immutable, whatever the encoding', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const res = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': accept } });
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    }
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });

  it('index.html, by name and as the fallback of any page path, is revalidated (no-cache) and precompressed', async () => {
    for (const url of ['/index.html', '/patients', '/dashboard?tab=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(decoded(res), url).toBe(INDEX);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/patients' });
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX);
  });

  it('/ is the landing page the build prerendered, revalidated and precompressed like index.html', async () => {
    for (const [url, accept] of [
      ['/', 'br'],
      ['/?ref=mail', 'gzip'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers['content-encoding'], url).toBe(accept);
      expect(decoded(res), url).toBe(LANDING);
    }
  });

  it('HEAD of a page answers like GET, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/patients' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(res.body).toBe('');
  });

  it('a missing asset is a 404, never index.html under an immutable name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Gone1234.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('the compressed variants are not addressable by name', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${ASSET}.br` });
    expect(res.statusCode).toBe(404);
  });

  it('keeps the browser protections on compressed files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('API responses', () => {
  it('JSON above the threshold is compressed as Accept-Encoding prefers, and stays no-store', async () => {
    const doctor = await signInAs(t.app, 'doctor@demo.clinic');
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/patients', headers: { ...doctor, 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = decoded(res);
      expect(Buffer.byteLength(body)).toBeGreaterThan(COMPRESSION_THRESHOLD);
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(body));
      expect(JSON.parse(body)).toMatchObject({ success: true });
    }
  });

  it('is sent as it is without Accept-Encoding, and below the threshold', async () => {
    const doctor = await signInAs(t.app, 'doctor@demo.clinic');
    const plain = await t.app.inject({ method: 'GET', url: '/api/patients', headers: doctor });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ success: true });
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('gzip is written at its fastest level (the header says so), and decodes to the same JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    // The gzip header's extra flags (its ninth byte): 4 when the compressor used its fastest level, 0 for zlib's default.
    expect(res.rawPayload[8]).toBe(4);
    expect(JSON.parse(decoded(res))).toHaveProperty('paths');
  });

  it('a public JSON document is compressed too (the OpenAPI description)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(res))).toHaveProperty('paths');
  });
});

describe('Server-Sent Events', () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** Opens a stream with a browser's Accept-Encoding and returns its response and first bytes. */
  function openStream(path: string): Promise<{ res: IncomingMessage; first: string }> {
    return new Promise((resolve, reject) => {
      const req = get(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve({ res, first: chunk.toString() });
          req.destroy();
        });
      });
      req.on('error', reject);
    });
  }

  it('are never compressed, even when the browser accepts brotli', async () => {
    const { res, first } = await openStream('/api/events/public?organizationId=default-clinic');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    // The first event arrives as text at once, not held back in a compressor's buffer.
    expect(first).toMatch(/^event: ready\n/);
  });
});
