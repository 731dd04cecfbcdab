import fc from 'fast-check';
import type { ApiRoute } from '../platform/openapi.js';
import { fuzzFor, hostileFor, jsonSchemaOf, type KnownValues } from './fuzz-arbitrary.js';
import {
  FORGED_AUTHORIZATIONS,
  HOSTILE_DATES,
  HOSTILE_FHIR_DATES,
  HOSTILE_PATH_SEGMENTS,
  HOSTILE_QUERY_KEYS,
  HOSTILE_RAW_BODIES,
  HOSTILE_STRINGS,
} from './fuzz-hostile.js';
import { isWebhook, stripeEvents } from './fuzz-webhook.js';
import type { FuzzWorld } from './fuzz-world.js';

/** Who sends a fuzzed request: the organization's Owner, nobody, a forged credential, or (FHIR) its API key. */
export type Caller = 'owner' | 'anon' | 'forged' | 'apiKey';

/** One generated request, as sent (and as printed when it fails). */
export interface FuzzRequest {
  caller: Caller;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Signed with the webhook secret when sent (the payment provider's webhook). */
  signed?: boolean;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const isFhir = (route: ApiRoute) => route.url.startsWith('/fhir/');

/** Requests for `route`: its path, query and body drawn from its contracts, the fixtures' ids and the hostile values. */
export function requestsFor(route: ApiRoute, world: Pick<FuzzWorld, 'params' | 'known' | 'fhirSearch'>): fc.Arbitrary<FuzzRequest> {
  const callers: Array<fc.WeightedArbitrary<Caller>> = [
    { weight: 8, arbitrary: fc.constant('owner') },
    { weight: 1, arbitrary: fc.constant('anon') },
    { weight: 1, arbitrary: fc.constant('forged') },
  ];
  if (isFhir(route)) callers.push({ weight: 3, arbitrary: fc.constant('apiKey') });
  const hasBody = BODY_METHODS.has(route.method) || (route.method === 'DELETE' && route.contract?.body !== undefined);
  return fc
    .record({
      caller: fc.oneof(...callers),
      forged: fc.constantFrom(...FORGED_AUTHORIZATIONS),
      path: pathFor(route, world.params.get(route.url) ?? {}),
      query: queryFor(route, world),
      body: hasBody ? bodyFor(route, world.known) : fc.constant(undefined),
      contentType: fc.oneof(
        { weight: 20, arbitrary: fc.constant('application/json') },
        {
          weight: 1,
          arbitrary: fc.constantFrom('text/plain', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', 'multipart/form-data'),
        },
      ),
      signed: isWebhook(route.url)
        ? fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) })
        : fc.constant(false),
      idempotencyKey: route.contract?.idempotent
        ? fc.option(
            fc.oneof(
              { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/) },
              { weight: 2, arbitrary: fc.constantFrom('fuzz-key-000001', 'fuzz-key-000002') },
              { weight: 1, arbitrary: fc.constantFrom('x'.repeat(500), '../../', 'short', '') },
            ),
            { freq: 2 },
          )
        : fc.constant(null),
    })
    .map(({ caller, forged, path, query, body, contentType, signed, idempotencyKey }) => {
      const headers: Record<string, string> = {};
      if (caller === 'forged') headers.authorization = forged;
      if (body !== undefined) headers['content-type'] = contentType;
      if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
      const url = query ? `${path}?${query}` : path;
      return { caller, method: route.method, url, headers, ...(body !== undefined ? { payload: body } : {}), ...(signed ? { signed } : {}) };
    });
}

/** The URL's path with each `:param` the fixture's record id (mostly), a random id, or a hostile segment. */
function pathFor(route: ApiRoute, values: Record<string, string>): fc.Arbitrary<string> {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_$]+)/g)].map((m) => m[1]);
  const parts = Object.fromEntries(
    names.map((name) => {
      const own = values[name];
      const options: Array<fc.WeightedArbitrary<string>> = [
        { weight: 2, arbitrary: fc.uuid() },
        { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_PATH_SEGMENTS) },
      ];
      if (own) options.push({ weight: 6, arbitrary: fc.constant(own) });
      return [name, fc.oneof(...options)];
    }),
  );
  return fc
    .record(parts)
    .map((chosen) => route.url.replace(/:([A-Za-z0-9_$]+)/g, (_m, name: string) => encodeURIComponent((chosen as Record<string, string>)[name])));
}

/** The query string: the contract's fields fuzzed (FHIR: the CapabilityStatement's search parameters), plus at times a hostile pair. */
function queryFor(route: ApiRoute, world: Pick<FuzzWorld, 'known' | 'fhirSearch'>): fc.Arbitrary<string> {
  const resource = /^\/fhir\/R4\/([A-Za-z]+)$/.exec(route.url)?.[1];
  const fields: fc.Arbitrary<Array<[string, string]>> = route.contract?.query
    ? fuzzFor(jsonSchemaOf(route.contract.query), world.known).map(toPairs)
    : resource && world.fhirSearch[resource]
      ? fhirSearchFor(world.fhirSearch[resource], world.known)
      : fc.constant([]);
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as Array<[string, string]>) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(fc.constantFrom(...HOSTILE_QUERY_KEYS), fc.constantFrom(...HOSTILE_STRINGS, ...HOSTILE_DATES)), {
        maxLength: 2,
      }),
    },
  );
  return fc.tuple(fields, extra).map(([a, b]) => new URLSearchParams([...a, ...b]).toString());
}

/** A query value as a client would write it: arrays as repeated names, objects as JSON text. */
function toPairs(value: unknown): Array<[string, string]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [['q', text(value)]];
  return Object.entries(value).flatMap(([k, v]) => (Array.isArray(v) ? v.slice(0, 50).map((x): [string, string] => [k, text(x)]) : [[k, text(v)]]));
}
const text = (v: unknown) =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** FHIR search parameters by their type, with the prefixes and partial dates FHIR allows and the hostile ones. */
function fhirSearchFor(params: Array<{ name: string; type: string }>, known: KnownValues): fc.Arbitrary<Array<[string, string]>> {
  const patient = known.patientId ?? [];
  const valueOf = (type: string): fc.Arbitrary<string> => {
    switch (type) {
      case 'date':
        return fc.oneof(
          fc
            .tuple(
              fc.constantFrom('', 'eq', 'ne', 'gt', 'lt', 'ge', 'le'),
              fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
            )
            .map(([p, d]) => `${p}${d.toISOString().slice(0, 10)}`),
          fc.constantFrom(...HOSTILE_FHIR_DATES),
        );
      case 'reference':
        return fc.oneof(fc.constantFrom(...patient, ...patient.map((id) => `Patient/${id}`), 'Patient/'), fc.constantFrom(...HOSTILE_STRINGS));
      case 'token':
        return fc.oneof(
          fc.constantFrom('http://loinc.org|8867-4', '8867-4', 'vital-signs', 'finished,in-progress', 'female', 'a|b|c', '|'),
          fc.constantFrom(...HOSTILE_STRINGS),
        );
      default:
        return fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...HOSTILE_STRINGS));
    }
  };
  const named = params.length ? fc.constantFrom(...params).chain((p) => valueOf(p.type).map((v): [string, string] => [p.name, v])) : null;
  const paging = fc.tuple(
    fc.constantFrom('_count', '_offset', '_format', 'unknown-param', 'name:exact'),
    fc.constantFrom('0', '-1', '100', '101', '99999999', 'json', 'xml', 'x'),
  );
  return fc.array(named ? fc.oneof({ weight: 4, arbitrary: named }, { weight: 1, arbitrary: paging }) : paging, { maxLength: 4 });
}

/** The body's text: the contract's value fuzzed, or raw hostile text. */
function bodyFor(route: ApiRoute, known: KnownValues): fc.Arbitrary<string> {
  const schema = route.contract?.body ? jsonSchemaOf(route.contract.body) : {};
  const value = route.contract?.body
    ? fuzzFor(schema, known)
    : isWebhook(route.url)
      ? stripeEvents(known.organizationId?.[0] ?? 'default-clinic')
      : fc.oneof(fc.constant({}), hostileFor({}));
  return fc.oneof(
    { weight: 14, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_RAW_BODIES) },
  );
}
