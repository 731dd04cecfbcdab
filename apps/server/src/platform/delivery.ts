import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './access.js';
import { NOT_FOUND_BODY } from './errors.js';

/** Responses smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;
/**
 * zlib's fastest level, nginx's default for dynamic responses: a megabyte of queue entries' JSON in
 * 1.3 ms instead of level 6's 4.4, for a reply a sixth to a fifth larger.
 */
const GZIP_LEVEL = 1;
/** The landing page `/` as the build wrote it, with its markup, which paints before the scripts run. */
const LANDING_HTML = 'landing.html';
/** Content-hashed build files (`/assets/*`): a new build gives them new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** `index.html` and the other unhashed files: revalidated on every load, so a deploy shows at once. */
export const REVALIDATE = 'no-cache';

/**
 * Compresses API responses (JSON, text) of at least `COMPRESSION_THRESHOLD` bytes with brotli or
 * gzip, as the request's Accept-Encoding prefers, each at a level for answers written per request
 * (the build's files are compressed at the highest, once): brotli at quality 4, and gzip, for the
 * clients that do not take brotli (browsers over plain HTTP, API clients), at level 1 ({@link
 * GZIP_LEVEL}). It hooks the routes registered after it, so it is registered before the modules.
 * Never compressed:
 * - Server-Sent Events: `text/event-stream` is not a compressible type here, and the streams write
 *   to the socket themselves (a compressor would buffer events until it flushed);
 * - static files, which the build precompressed (`@fastify/static` then sets Content-Encoding, and
 *   an encoded response is left alone).
 * Request bodies are not decompressed: browsers never compress them, and accepting compressed
 * bodies would only add a way to send more than the body limit lets through the wire.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD,
      encodings: ['br', 'gzip'],
      zlibOptions: { level: GZIP_LEVEL },
    });
  },
  { name: 'compression' },
);

/**
 * Serves the built web app from `webDist` (if it exists) and answers what no route matched:
 * unknown API paths (`/api/…`, `/fhir/…`) and missing assets are a JSON 404; any other GET or HEAD is the single-page
 * app's `index.html`, whose router shows its own not-found screen; `/` is `landing.html`, the same
 * page with the landing page's markup already in it, when the build wrote one.
 * Files are sent precompressed (`.br`, `.gz` beside each one, by the Accept-Encoding) with
 * `Cache-Control` immutable under `/assets/` and `no-cache` elsewhere, `index.html` included.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const serveWeb = existsSync(webDist);
  // The landing page written as HTML at build time (apps/web/vite.config.ts, prerender), when the build has it.
  const landing = serveWeb && existsSync(join(webDist, LANDING_HTML));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The variants are chosen by Accept-Encoding, never asked for by name.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, path) => {
        const inAssets = relative(webDist, path).split(sep)[0] === 'assets';
        reply.header('cache-control', inAssets ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (!serveWeb || !page || isApiPath(path) || path.startsWith('/assets/')) {
      return reply.status(404).send(NOT_FOUND_BODY);
    }
    return reply.type('text/html').sendFile(path === '/' && landing ? LANDING_HTML : 'index.html');
  });
}
