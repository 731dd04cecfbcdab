import { DEFAULT_PERMISSIONS, checkAccess, type Role } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { patientPayload } from './patient-payload.js';
import { createOtherOrganization, freshAddress, rows, signInAs, useTestApp } from './harness.js';
import { RECORD_FIXTURES, protocolPayload, type OtherOrganization } from './conformance.fixtures.js';
import { trialPayload } from './clinical-trials.fixtures.js';
import type { ApiRoute } from '../platform/openapi.js';

/**
 * Security proved once, over the route table: every registered `/api` route, the day it is added,
 * answers 401 signed out, 403 to a member its access refuses and for another organization's
 * `?organizationId=`, 404 for another organization's record id, and 400 with nothing written for
 * malformed JSON, a wrong type and an over-long string.
 */
const t = useTestApp();
let other: OtherOrganization;
let owner: Record<string, string>;
const demo: Partial<Record<Role, Record<string, string>>> = {};
const params = new Map<string, Record<string, string>>();

/** Demo accounts, weakest first: the one a route's access refuses is found among them. */
const DEMO_ROLES: Role[] = ['Viewer', 'Staff', 'Nurse', 'Doctor', 'Manager', 'Admin'];
/** Routes whose only job is to open an event stream (a 200 would never end under inject). */
const STREAMS = new Set(['GET /api/events', 'GET /api/events/public']);

beforeAll(async () => {
  const ownerEmail = 'owner@conformance.example';
  const created = await createOtherOrganization(t.app, ownerEmail);
  other = { ...created, ownerEmail };
  owner = await signInAs(t.app, 'owner@demo.clinic');
  for (const role of DEMO_ROLES) demo[role] = await signInAs(t.app, `${role.toLowerCase()}@demo.clinic`);
  for (const route of t.app.apiRoutes) {
    const fixture = RECORD_FIXTURES[route.url];
    if (fixture && !params.has(route.url)) params.set(route.url, await fixture(t, other));
  }
}, 120_000);

const routes = () => t.app.apiRoutes.filter((r) => r.url !== '/api/openapi.json' && r.url !== '/api/docs');
const label = (r: ApiRoute) => `${r.method} ${r.url}`;
const needsSession = (r: ApiRoute) => !('public' in r.access);
/** The FHIR server's refusals are OperationOutcomes: `login` where the API says `auth/required`. */
const asksToSignIn = (r: ApiRoute, body: any) => (r.url.startsWith('/fhir/') ? body.issue?.[0]?.code === 'login' : body.code === 'auth/required');
const isTenant = (r: ApiRoute) => 'tenant' in r.access;

/** The route's URL with its parameters filled from the fixture (or a harmless id). */
function urlOf(r: ApiRoute, query = ''): string {
  const values = params.get(r.url) ?? {};
  const path = r.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? 'no-such-record-0000'));
  return query ? `${path}?${query}` : path;
}

function call(r: ApiRoute, headers: Record<string, string>, options: { query?: string; payload?: string } = {}) {
  const hasBody = r.method !== 'GET' && r.method !== 'DELETE' ? true : options.payload !== undefined;
  return t.app.inject({
    method: r.method as 'GET',
    url: urlOf(r, options.query),
    remoteAddress: freshAddress(),
    headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { payload: options.payload ?? '{}' } : {}),
  });
}

/** Row counts of every table the suite's refused requests must leave alone. */
async function counts(): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(
    t.database.db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relname not like '%migrations%'
          and c.relname not in ('audit_events', 'sessions', 'sign_in_attempts', 'rate_limit_hits', 'rate_limits')`,
  );
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    out[name] = row.n;
  }
  return out;
}

describe('every route', () => {
  it('with a record id in its path has a fixture that creates one in another organization', () => {
    const missing = routes()
      .filter((r) => r.url.includes(':') && !RECORD_FIXTURES[r.url])
      .map(label);
    expect(missing, 'add these routes to RECORD_FIXTURES in test/conformance.fixtures.ts').toEqual([]);
  });

  it('that needs a session answers 401 signed out', async () => {
    const wrong: string[] = [];
    for (const r of routes().filter(needsSession)) {
      const res = await call(r, {});
      if (res.statusCode !== 401 || !asksToSignIn(r, res.json())) wrong.push(`${label(r)}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a demo member its access requirement refuses', async () => {
    const wrong: string[] = [];
    for (const r of routes().filter(isTenant)) {
      const access = r.access as { role?: Role; permission?: keyof (typeof DEFAULT_PERMISSIONS)['Viewer'] };
      const refused = DEMO_ROLES.find((role) => checkAccess({ role, permissions: DEFAULT_PERMISSIONS[role] }, access) !== null);
      if (!refused) continue;
      const res = await call(r, demo[refused]!);
      if (res.statusCode !== 403) wrong.push(`${label(r)} as ${refused}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to ?organizationId= of an organization the caller does not belong to', async () => {
    const wrong: string[] = [];
    for (const r of routes().filter(isTenant)) {
      const res = await call(r, owner, { query: `organizationId=${other.organizationId}` });
      if (res.statusCode !== 403) wrong.push(`${label(r)}: ${res.statusCode}`);
      expect(res.body).not.toContain('Other Health');
    }
    expect(wrong).toEqual([]);
  });

  it("answers 404 to another organization's record id and shows nothing of it", async () => {
    const wrong: string[] = [];
    for (const r of routes().filter((x) => x.url.includes(':'))) {
      const payload = r.contract?.body ? JSON.stringify(validBodyFor(r)) : undefined;
      const res = await call(r, owner, { payload });
      if (res.statusCode !== 404) wrong.push(`${label(r)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      for (const value of Object.values(params.get(r.url) ?? {})) {
        if (r.url !== '/api/clinics/organization/:id') expect(res.body).not.toContain(value);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('with a body answers 400 to malformed JSON, a wrong type and an over-long string, and writes nothing', async () => {
    const before = await counts();
    const wrong: string[] = [];
    for (const r of routes().filter((x) => x.contract?.body && !STREAMS.has(label(x)))) {
      const headers = needsSession(r) ? owner : {};
      const bodies: Array<[string, string]> = [['malformed JSON', '{"name": ']];
      const typed = wrongTypes(r);
      if (typed) bodies.push(['a wrong type', JSON.stringify(typed)]);
      const long = overLong(r);
      if (long) bodies.push(['an over-long string', JSON.stringify(long)]);
      for (const [what, payload] of bodies) {
        const res = await call(r, headers, { payload });
        if (res.statusCode !== 400) wrong.push(`${label(r)} with ${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});

describe('every FHIR route', () => {
  const fhirReads = () => routes().filter((r) => 'tenant' in r.access && r.access.apiKey);
  const ALL_RESOURCES = ['Patient', 'Encounter', 'Observation'] as const;
  const keys = new Map<string, Record<string, string>>();
  /** An API key of the demo organization with a scope for each of `resources`, made once. */
  async function keyFor(resources: readonly string[]): Promise<Record<string, string>> {
    const scopes = resources.map((r) => `patient/${r}.read`);
    const made = keys.get(scopes.join(' '));
    if (made) return made;
    const res = await call({ method: 'POST', url: '/api/organizations/api-keys', access: { tenant: true } }, owner, {
      payload: JSON.stringify({ name: `Conformance ${scopes.join(' ')}`, scopes }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const headers = { authorization: `Bearer ${res.json().secret}` };
    keys.set(scopes.join(' '), headers);
    return headers;
  }

  it('is listed with the resources an API key needs a scope for', () => {
    const fhir = routes().filter((r) => r.url.startsWith('/fhir/') && r.url !== '/fhir/R4/metadata');
    expect(fhir.length).toBeGreaterThan(0);
    expect(fhir.filter((r) => !fhirReads().includes(r) || !r.contract?.resources?.length).map(label)).toEqual([]);
  });

  it('answers 401 to an unknown API key', async () => {
    const wrong: string[] = [];
    for (const r of fhirReads()) {
      const res = await call(r, { authorization: 'Bearer ck_live_nonsense' });
      if (res.statusCode !== 401 || !asksToSignIn(r, res.json())) wrong.push(`${label(r)}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to an API key without a scope for one of the resources it reads', async () => {
    const wrong: string[] = [];
    for (const r of fhirReads()) {
      const needed = r.contract!.resources!;
      const lacking = await keyFor(ALL_RESOURCES.filter((x) => x !== needed[needed.length - 1]));
      const res = await call(r, lacking);
      if (res.statusCode !== 403) wrong.push(`${label(r)}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers 404 to another organization's record id read with an API key of every scope", async () => {
    const wrong: string[] = [];
    const every = await keyFor(ALL_RESOURCES);
    for (const r of fhirReads().filter((x) => x.url.includes(':'))) {
      const res = await call(r, every);
      if (res.statusCode !== 404) wrong.push(`${label(r)}: ${res.statusCode}`);
      for (const value of Object.values(params.get(r.url) ?? {})) expect(res.body).not.toContain(value);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 to a malformed id or an unknown search parameter', async () => {
    const wrong: string[] = [];
    const every = await keyFor(ALL_RESOURCES);
    for (const r of fhirReads()) {
      const url = r.url.includes(':') ? r.url.replace(/:([A-Za-z0-9_]+)/g, 'x'.repeat(65)) : `${r.url}?shoe-size=9`;
      const res = await t.app.inject({ method: 'GET', url, headers: every, remoteAddress: freshAddress() });
      if (res.statusCode !== 400) wrong.push(`${label(r)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });
});

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  maxLength?: number;
}

function schemaOf(r: ApiRoute): JsonSchema {
  return z.toJSONSchema(r.contract!.body!, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const typesOf = (s: JsonSchema): string[] =>
  s.anyOf ? s.anyOf.flatMap(typesOf) : Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.enum ? ['enum'] : [];

/** Every property given a value of a type its schema does not allow; null when no property can be. */
function wrongTypes(r: ApiRoute): Record<string, unknown> | null {
  const props = schemaOf(r).properties ?? {};
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(props)) {
    const types = typesOf(prop);
    if (types.length === 0) continue;
    out[name] = types.includes('object') ? 12345 : types.includes('number') || types.includes('integer') ? { not: 'a number' } : 12345;
  }
  return Object.keys(out).length ? out : null;
}

/** A valid body with each free-text property 20,000 characters long; null when there is none. */
function overLong(r: ApiRoute): Record<string, unknown> | null {
  const props = schemaOf(r).properties ?? {};
  const long = Object.entries(props).filter(([, p]) => typesOf(p).includes('string') && !p.enum);
  if (!long.length) return null;
  return { ...validBodyFor(r), ...Object.fromEntries(long.map(([name]) => [name, 'x'.repeat(20_000)])) };
}

/** A body that passes the route's contract, for the checks that must get past validation. */
function validBodyFor(r: ApiRoute): Record<string, unknown> {
  return VALID_BODIES[`${r.method} ${r.url}`] ?? VALID_BODIES[r.url] ?? {};
}

/** Valid bodies of the routes with a record id and a body (the 404 check needs to pass validation). */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'PATCH /api/organizations/members/:memberId': { title: 'Probe' },
  'PUT /api/clinics/:id': { name: 'Probe Clinic' },
  '/api/triage/waiting-room/:id/assign': { clinicianId: 'no-such-clinician' },
  '/api/triage/waiting-room/:id/vitals': { heartRate: 80 },
  '/api/triage/case/:id/status': { status: 'in-progress' },
  '/api/triage/assessments/:id/action': { action: 'accept' },
  'PUT /api/patients/:id': patientPayload(),
  'PUT /api/triage/patients/:id': patientPayload(),
  'POST /api/patients/:id/visits': { date: new Date(Date.now() - 3600_000).toISOString(), doctor: 'Dr. Probe' },
  '/api/patients/:id/placement': { roomNumber: '101' },
  '/api/visitors/:id/restrict': { reason: 'Probe' },
  '/api/visitors/:id/unrestrict': { reason: 'Probe' },
  '/api/visitors/:id/badge/revoke': { reason: 'Probe' },
  '/api/emergency-dashboard/mass-casualty/:id/patients': { patientId: 'no-such-patient', triageColor: 'RED' },
  'PUT /api/emergency-dashboard/protocols/:id': protocolPayload(),
  'PUT /api/clinical-trials/:id': trialPayload(),
  '/api/clinical-trials/:id/enroll': { patientId: 'no-such-patient' },
  'POST /api/clinical-trials/:id/adverse-events': {
    patientId: 'no-such-patient',
    eventType: 'Probe',
    severity: 'Mild',
    relatedness: 'Unrelated',
    description: 'Probe',
    date: '2026-01-01',
  },
  '/api/clinical-trials/enrollments/:id/withdraw': { reason: 'Probe' },
  '/api/gdpr/requests/:id/complete': { resolution: 'Probe' },
};
