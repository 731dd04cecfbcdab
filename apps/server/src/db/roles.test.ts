import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows, signUpAs, useTestApp } from '../test/harness.js';
import type { DbHandle } from './client.js';
import { withTenant } from './tenant.js';

/**
 * The database roles the app runs with: its pool connects as a login role that owns nothing and
 * reads clinical data only as clinic_app under row level security; audit rows are append-only for
 * every role, the owner included. The embedded database has one built-in superuser, so what
 * depends on the connection's own user (RESET ROLE, SET ROLE to the owner) is checked on
 * PostgreSQL only (see docs/security.md).
 */
const t = useTestApp();
let strangerId: string;
let ownerId: string;

beforeAll(async () => {
  await signUpAs(t.app, 'stranger@example.org');
  [{ id: strangerId }] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'stranger@example.org'`);
  [{ id: ownerId }] = await rows<{ id: string }>(t.database.db, sql`select id from users where email = 'owner@demo.clinic'`);
});

const onPostgres = Boolean(process.env.DATABASE_URL);
const messageOf = (e: unknown) => String((e as { cause?: Error }).cause?.message ?? (e as Error).message);
const refusedWith = (attempt: Promise<unknown>, pattern: RegExp) => expect(attempt).rejects.toSatisfy((e) => pattern.test(messageOf(e)));
const app = () => t.appDatabase.db;
const countOf = async (db: DbHandle, query: SQL) => Number(((await db.execute(query)).rows[0] as { n: number }).n);

describe("the app's connection", () => {
  it('runs as clinic_server, which is no superuser, has no BYPASSRLS and owns no table', async () => {
    const [me] = await rows(
      app(),
      sql`select current_user as role, r.rolsuper as superuser, r.rolbypassrls as bypassrls,
            (select count(*)::int from pg_class c where c.relowner = r.oid and c.relkind in ('r', 'p')) as owned
          from pg_roles r where r.rolname = current_user`,
    );
    expect(me).toEqual({ role: 'clinic_server', superuser: false, bypassrls: false, owned: 0 });
  });

  it('holds privileges on the identity and platform tables only, and none at all on clinical tables', async () => {
    const held = await rows<{ table: string; privileges: string[] }>(
      app(),
      sql`select c.relname as table,
            array(select p from unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) p
                  where has_table_privilege(c.oid, p)
                     or (p in ('SELECT', 'INSERT', 'UPDATE', 'REFERENCES') and has_any_column_privilege(c.oid, p))) as privileges
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    );
    const granted = Object.fromEntries(held.filter((r) => r.privileges.length > 0).map((r) => [r.table, r.privileges]));
    expect(granted).toEqual({
      account_tokens: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
      audit_events: ['INSERT'],
      clinics: ['SELECT'],
      email_verifications: ['SELECT', 'INSERT', 'UPDATE'],
      invitations: ['SELECT'],
      organization_members: ['SELECT'],
      member_settings: ['SELECT'],
      organizations: ['SELECT'],
      rate_limit_hits: ['SELECT', 'INSERT', 'DELETE'],
      rate_limits: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
      sessions: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
      sign_in_attempts: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
      sso_link_requests: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
      sso_sign_ins: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
      users: ['SELECT', 'INSERT', 'UPDATE'],
    });
    const none = held.filter((r) => r.privileges.length === 0).map((r) => r.table);
    expect(none).toEqual(
      expect.arrayContaining([
        'patients',
        'patient_visits',
        'patient_counts',
        'queue_entries',
        'queue_transitions',
        'queue_counters',
        'triage_assessments',
      ]),
    );
  });

  it('cannot read patients by itself: permission denied on every clinical table', async () => {
    expect(await countOf(t.database.db, sql`select count(*)::int as n from patients`)).toBeGreaterThan(0);
    for (const table of ['patients', 'patient_visits', 'queue_entries', 'triage_assessments']) {
      await refusedWith(app().execute(sql`select * from ${sql.identifier(table)} limit 1`), /permission denied/);
    }
  });

  it('reads patients only as clinic_app, and only those of the organization it sets', async () => {
    const asApp = (organizationId: string | null) =>
      app().transaction(async (tx) => {
        await tx.execute(sql`set local role clinic_app`);
        if (organizationId) await tx.execute(sql`select set_config('app.organization_id', ${organizationId}, true)`);
        return countOf(tx, sql`select count(*)::int as n from patients`);
      });
    expect(await asApp(null)).toBe(0);
    expect(await asApp('default-clinic')).toBe(
      await countOf(t.database.db, sql`select count(*)::int as n from patients where organization_id = 'default-clinic'`),
    );
  });

  it('cannot change organizations, clinics, memberships or invitations outside a tenant transaction', async () => {
    for (const query of [
      sql`update organizations set name = 'Taken over'`,
      sql`insert into clinics (organization_id, id, name) values ('default-clinic', 'planted', 'Planted')`,
      sql`update organization_members set role = 'Owner'`,
      sql`delete from invitations`,
    ]) {
      await refusedWith(app().execute(query), /permission denied/);
    }
    const [demo] = await rows<{ name: string }>(t.database.db, sql`select name from organizations where id = 'default-clinic'`);
    expect(demo.name).toBe('Demo General Hospital');
  });

  it('writes audit rows outside a tenant only with no organization or one the actor is a member of', async () => {
    const insert = (organizationId: string | null, actor: string, action: string) =>
      app().execute(
        sql`insert into audit_events (id, organization_id, actor_user_id, action) values (${crypto.randomUUID()}, ${organizationId}, ${actor}, ${action})`,
      );
    await insert(null, strangerId, 'test.no-organization');
    await insert('default-clinic', ownerId, 'test.own-organization');
    await refusedWith(insert('default-clinic', strangerId, 'test.planted'), /row-level security/);
    const written = await rows<{ action: string }>(t.database.db, sql`select action from audit_events where action like 'test.%' order by action`);
    expect(written.map((r) => r.action)).toEqual(['test.no-organization', 'test.own-organization']);
  });
});

describe.skipIf(!onPostgres)('a tenant transaction that tries to leave clinic_app (PostgreSQL)', () => {
  it('RESET ROLE returns to clinic_server, which is refused the patients', async () => {
    const attempt = withTenant(app(), 'default-clinic', async (tx) => {
      expect(await countOf(tx, sql`select count(*)::int as n from patients`)).toBeGreaterThan(0);
      await tx.execute(sql`reset role`);
      return tx.execute(sql`select * from patients`);
    });
    await refusedWith(attempt, /permission denied for table patients/);
  });

  it("SET ROLE to the tables' owner is refused", async () => {
    const [{ owner }] = await rows<{ owner: string }>(t.database.db, sql`select tableowner as owner from pg_tables where tablename = 'patients'`);
    const attempt = withTenant(app(), 'default-clinic', (tx) => tx.execute(sql`select set_config('role', ${owner}, true)`));
    await refusedWith(attempt, /permission denied to set role/);
  });
});

describe('audit events', () => {
  it('cannot be updated, deleted or truncated, not even by the owner (a superuser)', async () => {
    const [owner] = await rows<{ superuser: boolean }>(t.database.db, sql`select rolsuper as superuser from pg_roles where rolname = current_user`);
    expect(owner.superuser).toBe(true);
    const before = await countOf(t.database.db, sql`select count(*)::int as n from audit_events`);
    expect(before).toBeGreaterThan(0);
    for (const query of [sql`update audit_events set action = 'tampered'`, sql`delete from audit_events`, sql`truncate audit_events`]) {
      await refusedWith(t.database.db.execute(query), /audit_events is append-only/);
    }
    expect(await countOf(t.database.db, sql`select count(*)::int as n from audit_events`)).toBe(before);
    expect(await countOf(t.database.db, sql`select count(*)::int as n from audit_events where action = 'tampered'`)).toBe(0);
  });

  it("stay so with the owner's replication mode, which skips ordinary triggers", async () => {
    const attempt = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from audit_events`);
    });
    await refusedWith(attempt, /audit_events is append-only/);
  });

  it('cannot be changed by the login role either', async () => {
    await refusedWith(app().execute(sql`update audit_events set action = 'tampered'`), /permission denied/);
    await refusedWith(app().execute(sql`delete from audit_events`), /permission denied/);
  });
});
