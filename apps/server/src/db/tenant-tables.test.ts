import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, useTestApp } from '../test/harness.js';

/**
 * Every table holding tenant data (an `organization_id` column, or the organizations themselves)
 * has row level security enabled and forced, the tenant policy, and grants for the app role: none
 * is forgotten when a feature adds tables. New tables get the policy from `enable_tenant_rls()`.
 */
const t = useTestApp({ seed: false });

interface TableFacts {
  table: string;
  rls: boolean;
  forced: boolean;
  policy: string | null;
  app_privileges: string[];
}

async function tenantTables(): Promise<TableFacts[]> {
  return rows<TableFacts>(
    t.database.db,
    sql`select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
               (select pg_get_expr(p.polqual, p.polrelid) from pg_policy p
                 where p.polrelid = c.oid and p.polname = 'tenant_isolation') as policy,
               array(select privilege from unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE']) as privilege
                      where has_table_privilege('clinic_app', c.oid, privilege)) as app_privileges
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p')
           and (c.relname = 'organizations'
                or exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped))
         order by c.relname`,
  );
}

describe('tenant tables', () => {
  it('are found: the foundation, patient and clinical-loop tables at least', async () => {
    const names = (await tenantTables()).map((f) => f.table);
    expect(names).toEqual(
      expect.arrayContaining(['organizations', 'clinics', 'organization_members', 'invitations', 'audit_events', 'patients', 'queue_entries']),
    );
  });

  it('each has row level security enabled and forced, the tenant policy and the app role grants', async () => {
    for (const facts of await tenantTables()) {
      const key = facts.table === 'organizations' ? 'id' : 'organization_id';
      expect({ table: facts.table, rls: facts.rls, forced: facts.forced }).toEqual({ table: facts.table, rls: true, forced: true });
      expect(facts.policy, `${facts.table} has no tenant_isolation policy`).toContain(key);
      expect(facts.policy).toContain("current_setting('app.organization_id'");
      expect(facts.app_privileges, `clinic_app cannot read ${facts.table}`).toContain('SELECT');
    }
  });

  it('enable_tenant_rls() gives a new table the same policy, and calling it twice changes nothing', async () => {
    await t.database.db.execute(sql`create table rls_probe (organization_id text not null, id text not null)`);
    await t.database.db.execute(sql`select enable_tenant_rls('rls_probe')`);
    await t.database.db.execute(sql`select enable_tenant_rls('rls_probe')`);
    await t.database.db.execute(sql`grant select on rls_probe to clinic_app`);
    const probe = (await tenantTables()).find((f) => f.table === 'rls_probe');
    const patients = (await tenantTables()).find((f) => f.table === 'patients');
    expect(probe).toMatchObject({ rls: true, forced: true, policy: patients!.policy, app_privileges: ['SELECT'] });
    await t.database.db.execute(sql`drop table rls_probe`);
  });
});
