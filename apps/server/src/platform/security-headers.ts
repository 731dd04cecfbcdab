import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from './access.js';

/** HSTS for a year, subdomains included (what the preload lists ask for). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The policy of every response. The built app loads only its own scripts, styles and images, and
 * talks only to its own API. Styles need 'unsafe-inline': Mantine writes `<style>` elements (its
 * CSS variables, responsive props) and `style` attributes at run time; scripts never do, and
 * inline event handlers are refused outright. `upgrade-insecure-requests` is left out: every
 * source is the page's own origin, which already has the page's scheme.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * True when the browser reached the site over https: the public URL is https, or the request came
 * over TLS (`request.protocol`, which believes X-Forwarded-Proto only from a trusted proxy).
 */
export function isHttpsRequest(request: FastifyRequest, publicUrl?: string): boolean {
  return /^https:\/\//i.test(publicUrl ?? '') || request.protocol === 'https';
}

/** Whether the cookies a route sets get `Secure`: always when the deployment says so, else over https. */
export function secureCookiesFor(opts: { secureCookies: boolean; publicUrl?: string }): (request: FastifyRequest) => boolean {
  return (request) => opts.secureCookies || isHttpsRequest(request, opts.publicUrl);
}

/**
 * The headers helmet sets with the policy above, computed once: its middleware is run on a
 * recorder, and each request gets the recorded headers (helmet's chain of a dozen middlewares per
 * request costs more than the headers themselves).
 */
export function helmetHeaders(): Array<[string, string]> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Sent by the plugin, and only over https: over plain http a browser ignores it anyway.
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name.toLowerCase(), String(value)),
    // X-Powered-By: nothing in this server sets it.
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failed: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => (failed = err));
  if (failed) throw failed;
  return [...headers];
}

/**
 * Browser protections on every response (pages, assets, API, errors): the CSP, no framing,
 * nosniff, a referrer policy that keeps paths (patient ids) inside the site, HSTS over https,
 * and `Cache-Control: no-store` on the API so patient data never lands in a cache. Helmet's
 * headers go on the raw response, so that a route that takes the response over (an event
 * stream) sends them too.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl?: string }) => {
    const headers = helmetHeaders();
    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
      if (isHttpsRequest(request, opts.publicUrl)) reply.header('strict-transport-security', HSTS);
      if (isApiRequest(request)) reply.header('cache-control', 'no-store');
      done();
    });
  },
  { name: 'security-headers' },
);
