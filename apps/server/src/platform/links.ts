import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** Where links the server hands out (invitations, e-mail verification) point. */
export interface LinkConfig {
  /** The configured external URL (`PUBLIC_URL`). */
  publicUrl?: string;
  /** In production a link is never built from the request's Host header, which the client writes. */
  production: boolean;
}

/**
 * The origin of links to the web app. The configured one when set; without it, the request's host
 * only outside production (a local or test server), otherwise an error. Call it before writing
 * anything, so that a refusal leaves nothing half done.
 */
export function appOrigin(config: LinkConfig, request: FastifyRequest): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  if (config.production) {
    throw new AppError('service/unavailable', 'Links cannot be sent: PUBLIC_URL is not configured on this server.');
  }
  return `${request.protocol}://${request.host}`;
}
