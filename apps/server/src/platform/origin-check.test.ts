import { connect } from 'node:net';
import { errorResponse } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, rows, useTestApp } from '../test/harness.js';

/**
 * The Origin check must hold whatever form the request line takes. `app.inject` normalises the
 * URL, so these requests are written by hand on a real socket.
 */

const t = useTestApp({ listen: true, as: 'owner' });
let port: number;
let cookie: string;
beforeAll(async () => {
  port = (t.app.server.address() as { port: number }).port;
  cookie = `session_id=${(await t.headers()).authorization.slice('Bearer '.length)}`;
});

interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/** Writes one HTTP/1.1 request as given and reads the answer until the server closes. */
function rawRequest(requestLine: string, headers: Record<string, string>, body: string): Promise<RawResponse> {
  const head = [
    requestLine,
    ...Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' }).map(([k, v]) => `${k}: ${v}`),
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head.join('\r\n')}\r\n\r\n${body}`));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [headPart, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(headPart.split(' ')[1]), headers: headPart, body: rest.join('\r\n\r\n') });
    });
  });
}

const count = async (table: 'organizations' | 'sessions') =>
  (await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n;

describe('an absolute-form request line (POST http://host/api/...)', () => {
  it.each([
    ['the server itself', () => `127.0.0.1:${port}`],
    ['another host', () => 'evil.example'],
  ])('naming %s, from a cross-site Origin with the session cookie, is 403 and writes nothing', async (_name, authority) => {
    const before = await count('organizations');
    const res = await rawRequest(
      `POST http://${authority()}/api/organizations HTTP/1.1`,
      { host: `127.0.0.1:${port}`, origin: 'https://evil.example', cookie, 'content-type': 'application/json' },
      JSON.stringify({ name: 'Cross Site Care', type: 'clinic' }),
    );
    expect(res.status, res.body).toBe(403);
    expect(errorResponse.parse(JSON.parse(res.body))).toMatchObject({ code: 'request/origin', message: 'Cross-origin request refused.' });
    expect(await count('organizations')).toBe(before);
  });

  it('to sign-in from a cross-site Origin is 403, opens no session and sets no cookie', async () => {
    const before = await count('sessions');
    const res = await rawRequest(
      `POST http://127.0.0.1:${port}/api/auth/sign-in HTTP/1.1`,
      { host: `127.0.0.1:${port}`, origin: 'https://evil.example', 'content-type': 'application/json' },
      JSON.stringify({ email: 'owner@demo.clinic', password: DEMO_PASSWORD }),
    );
    expect(res.status, res.headers + res.body).toBe(403);
    expect(res.headers.toLowerCase()).not.toContain('set-cookie');
    expect(await count('sessions')).toBe(before);
  });

  it('from the same origin still goes through', async () => {
    const res = await rawRequest(
      `POST http://127.0.0.1:${port}/api/organizations HTTP/1.1`,
      { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`, cookie, 'content-type': 'application/json' },
      JSON.stringify({ name: 'Same Site Care', type: 'clinic' }),
    );
    expect(res.status, res.body).toBe(201);
  });
});
