import type { FastifyRequest } from 'fastify';
import { isWrite } from '../admission.js';
import { AppError } from '../errors.js';

/** The API's paths: `/api/…` and the FHIR server's `/fhir/…` (origin checks, `no-store`, no SPA fallback). */
export const isApiPath = (path: string): boolean => path.startsWith('/api/') || path.startsWith('/fhir/');

/**
 * Whether a request is for the API (`/api/…` or the FHIR server's `/fhir/…`), judged on the path as routed: an absolute-form request line
 * (`POST http://host/api/...`) reaches the same route while its raw URL does not start with `/api/`.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  if (request.routeOptions.url) return isApiPath(request.routeOptions.url);
  try {
    return isApiPath(new URL(request.url, 'http://x').pathname);
  } catch {
    return true; // an unreadable URL gets the checks rather than skipping them
  }
}

function sameOrigin(request: FastifyRequest, publicUrl?: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const host = new URL(origin).host;
    if (publicUrl && new URL(publicUrl).host === host) return true;
    return host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * What the access plugin checks of every API request that changes data, before its route runs:
 * it comes from this site (its `Origin`, when sent, is the public URL's or the request's own host)
 * and a body it carries is JSON. Throws the refusal.
 */
export function checkWriteRequest(request: FastifyRequest, publicUrl?: string): void {
  if (!isWrite(request.method) || !isApiRequest(request)) return;
  if (!sameOrigin(request, publicUrl)) throw new AppError('request/origin', 'Cross-origin request refused.');
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  const type = String(request.headers['content-type'] ?? '');
  if (hasBody && !type.toLowerCase().startsWith('application/json')) {
    throw new AppError('request/media-type', 'Requests that change data must send JSON (application/json).');
  }
}
