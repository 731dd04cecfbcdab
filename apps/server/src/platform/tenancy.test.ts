import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../db/client.js';
import { createOtherOrganization, memberIdOf, rows, useTestApp } from '../test/harness.js';

/**
 * Organization A is the demo organization; B belongs to someone else. A's Owner (every role and
 * flag there) tries B's ids on every endpoint and never gets past 403/404, nor sees B's data.
 */
/** The requests of `t` are A's Owner's. */
const t = useTestApp({ as: 'owner' });
let b: Awaited<ReturnType<typeof createOtherOrganization>> & { memberId: string; invitationToken: string; name: string };

const TENANT_TABLES = ['organizations', 'clinics', 'organization_members', 'invitations', 'audit_events'] as const;
type Snapshot = Record<string, unknown[]>;
async function snapshotOfB(): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const table of TENANT_TABLES) {
    const column = table === 'organizations' ? 'id' : 'organization_id';
    out[table] = await rows(t.database.db, sql`select * from ${sql.raw(table)} where ${sql.raw(column)} = ${b.organizationId} order by 1, 2`);
  }
  return out;
}

beforeAll(async () => {
  const other = await createOtherOrganization(t.app, 'owner@b.org');
  const invitation = await t.app.inject({
    method: 'POST',
    url: '/api/organizations/invite',
    headers: other.headers,
    payload: { email: 'someone@b.org', role: 'Doctor' },
  });
  b = {
    ...other,
    name: 'Other Health',
    memberId: await memberIdOf(t.database.db, other.organizationId, 'owner@b.org'),
    invitationToken: invitation.json().invitation.token,
  };
});

function expectNothingOfB(res: LightMyRequestResponse) {
  expect(res.body).not.toContain(b.organizationId);
  expect(res.body).not.toContain(b.clinicId);
  expect(res.body).not.toContain(b.name);
  expect(res.json()).toMatchObject({ success: false });
}

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; payload?: Record<string, unknown>; headers?: Record<string, string> };

describe("a member of A trying organization B's ids", () => {
  const forbiddenCalls = (): Array<[string, Call]> => [
    ['GET /api/organizations?organizationId=B', { method: 'GET', url: `/api/organizations?organizationId=${b.organizationId}` }],
    [
      'PUT /api/organizations {organizationId: B}',
      { method: 'PUT', url: '/api/organizations', payload: { organizationId: b.organizationId, name: 'Taken over' } },
    ],
    [
      'PUT /api/organizations?organizationId=B',
      { method: 'PUT', url: `/api/organizations?organizationId=${b.organizationId}`, payload: { name: 'Taken over' } },
    ],
    [
      'POST /api/clinics {organizationId: B}',
      { method: 'POST', url: '/api/clinics', payload: { organizationId: b.organizationId, name: 'Implant Clinic' } },
    ],
    [
      "POST /api/clinics {clinicId: B's clinic}",
      { method: 'POST', url: '/api/clinics', payload: { clinicId: b.clinicId, name: 'Implant Clinic' } },
    ],
    ['GET /api/organizations/members?organizationId=B', { method: 'GET', url: `/api/organizations/members?organizationId=${b.organizationId}` }],
    ['GET /api/org/users?organizationId=B', { method: 'GET', url: `/api/org/users?organizationId=${b.organizationId}` }],
    ['GET /api/organizations/stats?organizationId=B', { method: 'GET', url: `/api/organizations/stats?organizationId=${b.organizationId}` }],
    [
      'GET /api/organizations/invitations?organizationId=B',
      { method: 'GET', url: `/api/organizations/invitations?organizationId=${b.organizationId}` },
    ],
    ["GET /api/organizations/stats?clinicId=B's clinic", { method: 'GET', url: `/api/organizations/stats?clinicId=${b.clinicId}` }],
    [
      'GET /api/organizations/stats with X-Organization-Id: B',
      { method: 'GET', url: '/api/organizations/stats', headers: { 'x-organization-id': b.organizationId } },
    ],
    [
      'POST /api/organizations/invite {organizationId: B}',
      { method: 'POST', url: '/api/organizations/invite', payload: { organizationId: b.organizationId, email: 'spy@a.org', role: 'Owner' } },
    ],
    [
      "PATCH B's member ?organizationId=B",
      { method: 'PATCH', url: `/api/organizations/members/${b.memberId}?organizationId=${b.organizationId}`, payload: { role: 'Viewer' } },
    ],
    [
      "PATCH B's member {organizationId: B}",
      { method: 'PATCH', url: `/api/organizations/members/${b.memberId}`, payload: { organizationId: b.organizationId, status: 'disabled' } },
    ],
    ['POST /api/org/switch {organizationId: B}', { method: 'POST', url: '/api/org/switch', payload: { organizationId: b.organizationId } }],
    [
      'PUT /api/auth/profile {organizationId: B}',
      { method: 'PUT', url: '/api/auth/profile', payload: { organizationId: b.organizationId, clinicId: b.clinicId } },
    ],
    [
      "PUT /api/auth/profile {A, B's clinic}",
      { method: 'PUT', url: '/api/auth/profile', payload: { organizationId: 'default-clinic', clinicId: b.clinicId } },
    ],
    ['GET /api/events?organizationId=B', { method: 'GET', url: `/api/events?organizationId=${b.organizationId}` }],
  ];
  const notFoundCalls = (): Array<[string, Call]> => [
    ['GET /api/clinics/organization/B', { method: 'GET', url: `/api/clinics/organization/${b.organizationId}` }],
    [
      "PATCH /api/organizations/members/{B's member}",
      { method: 'PATCH', url: `/api/organizations/members/${b.memberId}`, payload: { role: 'Viewer' } },
    ],
    [
      "POST /api/organizations/invitations/{B's token}/accept",
      { method: 'POST', url: `/api/organizations/invitations/${b.invitationToken}/accept` },
    ],
  ];

  /** Makes each call as A's Owner: each answers `status` and shows nothing of B, and B is unchanged. */
  async function expectEachRefused(calls: Array<[string, Call]>, status: number) {
    const before = await snapshotOfB();
    for (const [name, call] of calls) {
      const res = await t.inject(call);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expectNothingOfB(res);
    }
    expect(await snapshotOfB()).toEqual(before);
  }

  it('gets 403 wherever B is chosen by organizationId, clinicId or header, and B is unchanged', async () => {
    await expectEachRefused(forbiddenCalls(), 403);
  });

  it("gets 404 for B's ids in paths, and B is unchanged", async () => {
    await expectEachRefused(notFoundCalls(), 404);
  });

  it("never sees B in A's own lists and context", async () => {
    for (const url of [
      '/api/auth/session',
      `/api/auth/session?organizationId=${b.organizationId}`,
      '/api/org/available',
      '/api/organizations',
      '/api/organizations/members',
      '/api/org/users',
      '/api/organizations/invitations',
      '/api/clinics/organization/default-clinic',
    ]) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(b.organizationId);
      expect(res.body, url).not.toContain(b.clinicId);
      expect(res.body, url).not.toContain('owner@b.org');
    }
  });

  it("B's owner, for the same calls the other way round, is refused A's data too", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/organizations/members?organizationId=default-clinic', headers: b.headers });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('demo.clinic');
    const path = await t.app.inject({ method: 'GET', url: '/api/clinics/organization/default-clinic', headers: b.headers });
    expect(path.statusCode).toBe(404);
  });
});

describe('row level security through the app role', () => {
  /** Runs `fn` in a transaction as clinic_app, with the organization set when given. */
  function asAppRole<T>(organizationId: string | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role clinic_app`);
      if (organizationId !== null) await tx.execute(sql`select set_config('app.organization_id', ${organizationId}, true)`);
      return fn(tx);
    });
  }
  const count = async (tx: Tx, table: string) =>
    Number(((await tx.execute(sql`select count(*)::int as n from ${sql.raw(table)}`)).rows[0] as { n: number }).n);

  it('with no organization set, every tenant table reads as empty', async () => {
    const [owner] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from organization_members`);
    expect(owner.n).toBeGreaterThan(7); // the owner connection sees A's and B's members
    const counts = await asAppRole(null, async (tx) => {
      // One statement at a time: a transaction is one connection.
      const seen: Record<string, number> = {};
      for (const tb of TENANT_TABLES) seen[tb] = await count(tx, tb);
      return seen;
    });
    expect(counts).toEqual({ organizations: 0, clinics: 0, organization_members: 0, invitations: 0, audit_events: 0 });
  });

  it('with the organization set to an empty string, every tenant table reads as empty', async () => {
    expect(await asAppRole('', (tx) => count(tx, 'organization_members'))).toBe(0);
    expect(await asAppRole('', (tx) => count(tx, 'organizations'))).toBe(0);
  });

  it("with the organization set to A, only A's rows are visible", async () => {
    const members = await asAppRole('default-clinic', async (tx) => (await tx.execute(sql`select organization_id from organization_members`)).rows);
    expect(members).toHaveLength(7);
    expect(new Set(members.map((r) => (r as { organization_id: string }).organization_id))).toEqual(new Set(['default-clinic']));
    const organizations = await asAppRole('default-clinic', async (tx) => (await tx.execute(sql`select id from organizations`)).rows);
    expect(organizations).toEqual([{ id: 'default-clinic' }]);
  });

  it("with the organization set to A, writing a row of B is refused and B's rows cannot be changed", async () => {
    const insert = asAppRole('default-clinic', (tx) =>
      tx.execute(sql`insert into clinics (organization_id, id, name) values (${b.organizationId}, 'planted', 'Planted')`),
    );
    await expect(insert).rejects.toSatisfy((e: Error) => /row-level security/.test(String((e as { cause?: Error }).cause?.message ?? e.message)));
    const updated = await asAppRole(
      'default-clinic',
      async (tx) => (await tx.execute(sql`update organizations set name = 'Renamed by A' where id = ${b.organizationId} returning id`)).rows,
    );
    expect(updated).toEqual([]);
    const [row] = await rows<{ name: string }>(t.database.db, sql`select name from organizations where id = ${b.organizationId}`);
    expect(row.name).toBe('Other Health');
    expect(await rows(t.database.db, sql`select 1 from clinics where id = 'planted'`)).toHaveLength(0);
  });

  it('cannot read password hashes or sessions', async () => {
    const refused = (query: ReturnType<typeof sql>) =>
      expect(asAppRole('default-clinic', (tx) => tx.execute(query))).rejects.toSatisfy((e: Error) =>
        /permission denied/.test(String((e as { cause?: Error }).cause?.message ?? e.message)),
      );
    await refused(sql`select password_hash from users`);
    await refused(sql`select id from sessions`);
  });

  it("cannot UPDATE or DELETE audit events, even its own organization's", async () => {
    const [before] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where organization_id = 'default-clinic'`,
    );
    expect(before.n).toBeGreaterThan(0);
    for (const query of [sql`update audit_events set action = 'tampered'`, sql`delete from audit_events`]) {
      const attempt = asAppRole('default-clinic', (tx) => tx.execute(query));
      await expect(attempt).rejects.toSatisfy((e: Error) => /permission denied/.test(String((e as { cause?: Error }).cause?.message ?? e.message)));
    }
    const [after] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where organization_id = 'default-clinic'`,
    );
    expect(after.n).toBe(before.n);
    expect(await rows(t.database.db, sql`select 1 from audit_events where action = 'tampered'`)).toHaveLength(0);
  });
});
