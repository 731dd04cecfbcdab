/**
 * A TLS front speaking HTTP/2 to browsers (HTTP/1.1 to those that do not offer it) and HTTP/1.1 to
 * one server, as a deployment's proxy or load balancer does: the vitals benchmark measures the pages
 * behind it as well as directly. Its certificate is self-signed for `localhost` (made by openssl in
 * the benchmark's temporary folder), so the browser is told to accept it.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import http2 from 'node:http2';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';

/** Headers of one connection, never passed through (RFC 9110 section 7.6.1; HTTP/2 forbids them). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'host', 'http2-settings']);

function passed(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)));
}

function selfSignedCertificate(dir: string) {
  const key = join(dir, 'front-key.pem');
  const cert = join(dir, 'front-cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1'].concat([
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ]),
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** Starts the front for the server at `target` (`http://host:port`); its address is `https://localhost:<port>`. */
export async function startHttp2Front(target: string, dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ ...selfSignedCertificate(dir), allowHTTP1: true }, (req, res) => {
    // The browser's host, as a proxy passes it on: the server's origin check compares it with the Origin.
    const host = (req.headers[':authority'] as string | undefined) ?? req.headers.host;
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...passed(req.headers), host }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, passed(answer.headers));
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // A browser that leaves (an event stream closed, a page left) ends the server's request too.
    res.on('close', () => forwarded.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    close: async () => {
      agent.destroy();
      await new Promise((closed) => server.close(closed));
    },
  };
}
