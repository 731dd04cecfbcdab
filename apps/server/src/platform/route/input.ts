import { tenantSelector } from '@clinic/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { parse } from '../parse.js';

/** A contract of one part of the request, or none. */
export type Schema = z.ZodType | undefined;
/** What a part parses to: `undefined` where the route states no contract. */
export type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** The request's parts, parsed by the route's contracts (`undefined` where it has none). */
export interface RouteInput<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

/** The contracts {@link parseInput} reads. */
export interface InputSpec {
  params?: Schema;
  query?: Schema;
  body?: Schema;
  objectBody?: boolean;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body without the tenant selectors every client adds; anything else as sent. */
function withoutSelectors(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const { organizationId: _o, clinicId: _c, ...rest } = body;
  return rest;
}

/**
 * Parses params, query and body with the route's contracts (a 400 listing the fields on bad input).
 * `dropSelectors`: the body's `organizationId` and `clinicId` are tenant selectors, dropped before
 * the (often strict) body contract reads it.
 */
export function parseInput<P extends Schema, Q extends Schema, B extends Schema>(
  spec: InputSpec,
  request: FastifyRequest,
  dropSelectors: boolean,
): RouteInput<P, Q, B> {
  // null, an array or a number would otherwise parse as "no fields" and still count as a request.
  if (spec.objectBody && !isPlainObject(request.body)) {
    throw new AppError('validation/invalid', 'The request body must be a JSON object.');
  }
  const body = dropSelectors ? withoutSelectors(request.body) : request.body;
  return {
    params: (spec.params ? parse(spec.params, request.params) : undefined) as Parsed<P>,
    query: (spec.query ? parse(spec.query, request.query) : undefined) as Parsed<Q>,
    body: (spec.body ? parse(spec.body, body) : undefined) as Parsed<B>,
  };
}

/** The organization and clinic a public request names: query, then body, then the route's default. */
export function publicPlace(request: FastifyRequest, fallback?: string): { organizationId: string; clinicId?: string } {
  const query = parse(tenantSelector, request.query);
  const raw = isPlainObject(request.body) ? request.body : {};
  const body = parse(tenantSelector, { organizationId: raw.organizationId, clinicId: raw.clinicId });
  const organizationId = query.organizationId ?? body.organizationId ?? fallback;
  if (!organizationId) {
    throw new AppError('validation/invalid', 'Some fields are invalid.', [{ path: 'organizationId', message: 'Required' }]);
  }
  return { organizationId, clinicId: query.clinicId ?? body.clinicId };
}
