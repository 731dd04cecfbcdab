import { sql } from 'drizzle-orm';
import { RECORD_FIXTURES, type OtherOrganization } from './conformance.fixtures.js';
import { freshAddress, rows, signInAs, signUpAs, type TestApp } from './harness.js';
import type { KnownValues } from './fuzz-arbitrary.js';
import type { LoggerSetting } from '../platform/request-log.js';

/**
 * What the fuzz tier acts in: a test organization on the top plan, its Owner signed in, one record
 * of each kind a route's path names (made by the conformance fixtures, here in the Owner's own
 * organization so the handlers run past their lookups), an API key for the FHIR server, and a
 * snapshot of the rows a fuzzed request may legitimately change for good (the organization's
 * settings and plan, its memberships and clinics, the Owner's account), put back after each route
 * so that no route's requests decide what the next route's requests can reach.
 */
export interface FuzzWorld {
  t: TestApp;
  organizationId: string;
  clinicId: string;
  /** Path parameter values per route URL, naming the organization's own records. */
  params: Map<string, Record<string, string>>;
  /** Ids by field name, for bodies and queries (`patientId`, `organizationId`, …). */
  known: KnownValues;
  /** FHIR search parameters per resource type, as the server's CapabilityStatement lists them. */
  fhirSearch: Record<string, Array<{ name: string; type: string }>>;
  /** Headers of a caller: the Owner's session (signed in again if a request ended it) or an API key. */
  headers(caller: 'owner' | 'apiKey'): Promise<Record<string, string>>;
  /** Marks the Owner's session as ended (a request answered 401 to it). */
  sessionLost(): void;
  /** Puts back the organization, its memberships and clinics, and the Owner's account. */
  restore(): Promise<void>;
}

const OWNER_PASSWORD = 'fuzz-owner-pass-1';
/** Rows put back after each route: table, primary key, and which rows. */
const SNAPSHOT = [
  { table: 'organizations', keys: ['id'], where: (w: Ids) => sql`id = ${w.organizationId}` },
  { table: 'organization_members', keys: ['organization_id', 'id'], where: (w: Ids) => sql`organization_id = ${w.organizationId}` },
  { table: 'clinics', keys: ['organization_id', 'id'], where: (w: Ids) => sql`organization_id = ${w.organizationId}` },
  { table: 'users', keys: ['id'], where: (w: Ids) => sql`id = ${w.userId}` },
] as const;
interface Ids {
  organizationId: string;
  userId: string;
}

/** Creates the fuzz tier's organization, records, key and snapshot in `t`'s database. */
export async function createFuzzWorld(t: TestApp, ownerEmail = 'fuzz-owner@fuzz.example'): Promise<FuzzWorld> {
  let owner = await signUpAs(t.app, ownerEmail, OWNER_PASSWORD);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers: owner,
    payload: { name: 'Fuzz Clinic', type: 'clinic', testOrganization: true },
    remoteAddress: freshAddress(),
  });
  if (res.statusCode !== 201) throw new Error(`fuzz organization: ${res.statusCode} ${res.body}`);
  const organizationId: string = res.json().organization.id;
  const clinicId: string = res.json().clinic.id;
  const self: OtherOrganization = { organizationId, clinicId, headers: owner, ownerEmail };
  const params = new Map<string, Record<string, string>>();
  for (const route of t.app.apiRoutes) {
    const fixture = RECORD_FIXTURES[route.url];
    if (fixture && !params.has(route.url)) params.set(route.url, await fixture(t, self));
  }
  await t.database.db.execute(
    sql`update organizations set plan_id = 'enterprise', subscription_status = 'active', current_period_end = now() + interval '1 year'
        where id = ${organizationId}`,
  );
  const key = await t.app.inject({
    method: 'POST',
    url: '/api/organizations/api-keys',
    headers: owner,
    payload: { name: 'Fuzz EHR', scopes: ['patient/*.read'] },
  });
  if (key.statusCode !== 201) throw new Error(`fuzz API key: ${key.statusCode} ${key.body}`);
  const apiKey = { authorization: `Bearer ${key.json().secret as string}` };
  const [{ id: userId }] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = ${ownerEmail}`);
  const ids: Ids = { organizationId, userId };
  const saved = await Promise.all(SNAPSHOT.map((s) => snapshotOf(t, s.table, s.where(ids))));
  let lost = false;
  return {
    t,
    organizationId,
    clinicId,
    params,
    known: knownValues(params, organizationId, clinicId),
    fhirSearch: await fhirSearchParams(t),
    async headers(caller) {
      if (caller === 'apiKey') return apiKey;
      if (lost) {
        owner = await signInAs(t.app, ownerEmail, OWNER_PASSWORD);
        lost = false;
      }
      return owner;
    },
    sessionLost: () => {
      lost = true;
    },
    async restore() {
      for (const [i, s] of SNAPSHOT.entries()) await putBack(t, s.table, s.keys, saved[i]);
    },
  };
}

/** Ids the fixtures made, by the names bodies and queries give them. */
function knownValues(params: Map<string, Record<string, string>>, organizationId: string, clinicId: string): KnownValues {
  const of = (url: string, name = 'id') => params.get(url)?.[name];
  const pool = (...values: Array<string | undefined>) => values.filter((v): v is string => typeof v === 'string');
  return {
    organizationId: [organizationId],
    clinicId: [clinicId],
    patientId: pool(of('/api/patients/:id'), of('/api/patients/pediatric/:patientId/queue', 'patientId')),
    trialId: pool(of('/api/clinical-trials/:id')),
    queueEntryId: pool(of('/api/triage/waiting-room/:id/start')),
    requestId: pool(of('/api/gdpr/requests/:id/complete')),
    memberId: pool(of('/api/organizations/members/:memberId', 'memberId')),
    id: pool(...[...params.values()].flatMap((p) => Object.values(p))),
  };
}

async function fhirSearchParams(t: TestApp): Promise<FuzzWorld['fhirSearch']> {
  const res = await t.app.inject({ method: 'GET', url: '/fhir/R4/metadata' });
  const statement = res.statusCode === 200 ? res.json() : { rest: [] };
  const out: FuzzWorld['fhirSearch'] = {};
  for (const resource of statement.rest?.[0]?.resource ?? []) {
    out[resource.type] = (resource.searchParam ?? []).map((p: { name: string; type: string }) => ({ name: p.name, type: p.type }));
  }
  return out;
}

async function snapshotOf(t: TestApp, table: string, where: ReturnType<typeof sql>): Promise<string> {
  const [row] = await rows<{ json: string }>(
    t.database.db,
    sql`select coalesce(json_agg(x), '[]'::json)::text as json from ${sql.identifier(table)} x where ${where}`,
  );
  return row.json;
}

/** Upserts the saved rows (rows a request added are left: they change nothing another route needs). */
async function putBack(t: TestApp, table: string, keys: readonly string[], saved: string): Promise<void> {
  const columns = await rows<{ name: string }>(
    t.database.db,
    sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
  );
  const list = columns.map((c) => `"${c.name}"`).join(', ');
  const excluded = columns.map((c) => `excluded."${c.name}"`).join(', ');
  await t.database.db.execute(
    sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${saved}::json)
        on conflict (${sql.raw(keys.map((k) => `"${k}"`).join(', '))}) do update set (${sql.raw(list)}) = row(${sql.raw(excluded)})`,
  );
}

/**
 * A logger setting for the app that keeps what each 5xx logged (its error's type, message, stack
 * frames and cause), by request id, so a failure report can say why.
 */
export function errorCapture(): { logger: LoggerSetting; causeOf(requestId: string | undefined): string | undefined } {
  const causes = new Map<string, string>();
  const summary = (err: any, depth = 0): string =>
    !err
      ? ''
      : `${err.type ?? 'Error'}${err.code ? ` ${err.code}` : ''}: ${err.message ?? ''}\n${String(err.stack ?? '')
          .split('\n')
          .slice(0, 6)
          .join('\n')}${err.cause && depth < 3 ? `\ncaused by ${summary(err.cause, depth + 1)}` : ''}`;
  return {
    logger: {
      level: 'error',
      stream: {
        write(line: string) {
          try {
            const entry = JSON.parse(line);
            if (entry.reqId && entry.err) causes.set(String(entry.reqId), summary(entry.err));
          } catch {
            // not a JSON line: nothing to keep
          }
        },
      },
    },
    causeOf: (requestId) => (requestId ? causes.get(requestId) : undefined),
  };
}
