import { FHIR_ACCESS } from '@clinic/domain';
import {
  fhirBundleResponse,
  fhirCapabilityStatementSchema,
  fhirEncounterResponse,
  fhirObservationResponse,
  fhirPatientResponse,
} from '@clinic/domain/contracts/fhir';
import { operationOutcome, type OutcomeCode } from '@clinic/domain/rules/fhir';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { statusFor, toAppError } from '../../platform/errors.js';
import { appOrigin, type LinkConfig } from '../../platform/links.js';
import { RateLimiter } from '../../platform/rate-limit.js';
import { defineRoute } from '../../platform/route/index.js';
import { capabilityStatement } from './fhir-capability.js';
import { parseSearch } from './fhir-search.js';
import {
  patientEverything,
  readEncounter,
  readObservation,
  readPatient,
  searchEncounters,
  searchObservations,
  searchPatients,
  type FhirBase,
} from './fhir.service.js';

/** Where the FHIR server answers. */
export const FHIR_BASE_PATH = '/fhir/R4';
/** Requests one API key may make per minute on one instance. */
const PER_KEY_PER_MINUTE = 600;

const FHIR_JSON = 'application/fhir+json' as const;

/** The body a read resolves to, answered as `application/fhir+json` (an error is the error handler's to write). */
async function fhirJson(reply: FastifyReply, read: Promise<object>): Promise<object> {
  const body = await read;
  reply.type(FHIR_JSON);
  return body;
}
/** FHIR ids: letters, digits, '-' and '.', at most 64. */
const idParams = z.object({ id: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/, 'Invalid id') });

/**
 * This server's FHIR base URL, under `PUBLIC_URL` as every link the server hands out
 * (`platform/links.ts`): the Host header is the client's to write, and the links of a Bundle are
 * followed by the clients that read it.
 */
export function fhirBaseUrl(links: LinkConfig, request: FastifyRequest): string {
  return `${appOrigin(links, request)}${FHIR_BASE_PATH}`;
}

/** The base URL and the request's own URL under it (a Bundle's `self` and paging links). */
function baseUrlsOf(links: LinkConfig, request: FastifyRequest): FhirBase {
  const base = fhirBaseUrl(links, request);
  // Only the path and query of the request: a URL such as `//other.example/...` names no host here.
  const { pathname, search } = new URL(request.url, 'http://request.invalid');
  return { base, url: new URL(`${pathname}${search}`, base) };
}

const OUTCOME_BY_STATUS: Record<number, OutcomeCode> = {
  400: 'invalid',
  401: 'login',
  402: 'business-rule',
  403: 'forbidden',
  404: 'not-found',
  429: 'throttled',
};

/**
 * The FHIR R4 server: `metadata`, and read and search of Patient, Encounter and
 * Observation plus `Patient/{id}/$everything`, for a staff session or an API key (`caller: 'api-key'`).
 * Every answer is `application/fhir+json`; every error an `OperationOutcome` with its status.
 */
export async function fhirRoutes(app: FastifyInstance, opts: { links: LinkConfig }) {
  const baseOf = (request: FastifyRequest) => baseUrlsOf(opts.links, request);
  const limiter = new RateLimiter(PER_KEY_PER_MINUTE, 60_000);
  await app.register(
    async (fhir) => {
      fhir.setErrorHandler((err, request, reply) => {
        const appError = toAppError(err);
        const status = statusFor(appError.code);
        if (status >= 500) request.log.error({ err }, 'FHIR request failed');
        const message = [appError.message, ...(appError.issues ?? []).map((i) => `${i.path}: ${i.message}`)].join(' ');
        return reply
          .status(status)
          .type(FHIR_JSON)
          .send(
            operationOutcome(OUTCOME_BY_STATUS[status] ?? (status >= 500 ? 'exception' : 'invalid'), message, status >= 500 ? 'fatal' : 'error'),
          );
      });
      fhir.setNotFoundHandler((_request, reply) =>
        reply.status(404).type(FHIR_JSON).send(operationOutcome('not-supported', 'This FHIR interaction or resource type is not supported here.')),
      );

      // Public, as FHIR clients read it before they authenticate: it names no organization's data.
      const metadata = {
        access: { public: true },
        contract: { summary: "The server's CapabilityStatement", reply: fhirCapabilityStatementSchema, replyMedia: FHIR_JSON },
      } as const;
      fhir.get('/metadata', { config: metadata }, async (request, reply) => {
        reply.type(FHIR_JSON);
        return capabilityStatement(baseOf(request).base);
      });

      // Counted per API key: a staff session is limited as every session is.
      const read = {
        method: 'GET',
        caller: 'api-key',
        access: FHIR_ACCESS.read,
        rateLimit: { limiter, scope: 'fhir-api-key' },
        replyMedia: FHIR_JSON,
      } as const;
      const bundle = { ...read, reply: fhirBundleResponse } as const;
      defineRoute(fhir, { ...bundle, url: '/Patient', summary: 'Search patients', resources: ['Patient'] }, (ctx, _input, request, reply) =>
        fhirJson(reply, searchPatients(ctx, parseSearch('Patient', request.query), baseOf(request))),
      );
      defineRoute(
        fhir,
        { ...read, url: '/Patient/:id', summary: 'Read a patient', resources: ['Patient'], params: idParams, reply: fhirPatientResponse },
        (ctx, { params }, _request, reply) => fhirJson(reply, readPatient(ctx, params.id)),
      );
      defineRoute(
        fhir,
        {
          ...bundle,
          url: '/Patient/:id/$everything',
          summary: "A patient's record",
          resources: ['Patient', 'Encounter', 'Observation'],
          params: idParams,
        },
        (ctx, { params }, request, reply) => fhirJson(reply, patientEverything(ctx, params.id, baseOf(request).base)),
      );
      defineRoute(fhir, { ...bundle, url: '/Encounter', summary: 'Search encounters', resources: ['Encounter'] }, (ctx, _input, request, reply) =>
        fhirJson(reply, searchEncounters(ctx, parseSearch('Encounter', request.query), baseOf(request))),
      );
      defineRoute(
        fhir,
        {
          ...read,
          url: '/Encounter/:id',
          summary: 'Read an encounter',
          resources: ['Encounter'],
          params: idParams,
          reply: fhirEncounterResponse,
        },
        (ctx, { params }, _request, reply) => fhirJson(reply, readEncounter(ctx, params.id)),
      );
      defineRoute(
        fhir,
        { ...bundle, url: '/Observation', summary: 'Search vital-sign observations', resources: ['Observation'] },
        (ctx, _input, request, reply) => fhirJson(reply, searchObservations(ctx, parseSearch('Observation', request.query), baseOf(request))),
      );
      defineRoute(
        fhir,
        {
          ...read,
          url: '/Observation/:id',
          summary: 'Read an observation',
          resources: ['Observation'],
          params: idParams,
          reply: fhirObservationResponse,
        },
        (ctx, { params }, _request, reply) => fhirJson(reply, readObservation(ctx, params.id)),
      );
    },
    { prefix: FHIR_BASE_PATH },
  );
}
