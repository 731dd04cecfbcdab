import { sql } from 'drizzle-orm';
import type { DbHandle } from './client.js';

/**
 * The login role of the app's pool (migration 0009): no superuser, no BYPASSRLS, owns nothing, and
 * may only `SET ROLE clinic_app`, the role tenant transactions run as.
 */
export const LOGIN_ROLE = 'clinic_server';

/** `url` with the login role as its user and no password: same host, port, database and options. */
export function loginRoleUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = LOGIN_ROLE;
  parsed.password = '';
  return parsed.toString();
}

/** The role a connection runs as, and why row level security would not bind it. */
export interface RoleReport {
  role: string;
  problems: string[];
}

/**
 * Inspects the connection's current role, counting what it can become (SET ROLE) as its own: a
 * superuser or BYPASSRLS role skips row level security, a table owner can turn it off.
 */
export async function inspectRole(db: DbHandle): Promise<RoleReport> {
  const result = await db.execute(sql`
    select current_user as role,
      exists (select 1 from pg_roles r where r.rolsuper and pg_has_role(current_user, r.oid, 'MEMBER')) as superuser,
      exists (select 1 from pg_roles r where r.rolbypassrls and pg_has_role(current_user, r.oid, 'MEMBER')) as bypassrls,
      exists (
        select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and pg_has_role(current_user, c.relowner, 'MEMBER')
      ) as owner,
      has_schema_privilege('public', 'CREATE') as creates`);
  const row = result.rows[0] as { role: string; superuser: boolean; bypassrls: boolean; owner: boolean; creates: boolean };
  const problems = [
    row.superuser && 'is a superuser',
    row.bypassrls && 'has BYPASSRLS',
    row.owner && 'owns the tables',
    row.creates && 'may create objects in schema public',
  ].filter((p): p is string => typeof p === 'string');
  return { role: row.role, problems };
}

/**
 * Checks the role the app's pool runs as. A role row level security does not bind gives a warning,
 * and is refused outright in production.
 */
export async function checkPoolRole(db: DbHandle, production: boolean): Promise<string | null> {
  const { role, problems } = await inspectRole(db);
  if (problems.length === 0) return null;
  const message =
    `The app's database role "${role}" ${problems.join(', ')}, so row level security does not bind it. ` +
    `Point DATABASE_URL at the login role ${LOGIN_ROLE} and MIGRATION_DATABASE_URL at the owner (README, "Database roles").`;
  if (production) throw new Error(`${message} Refusing to start in production.`);
  return message;
}

/**
 * Makes the rest of the session run as the login role. For the embedded database, whose one
 * connection is its built-in superuser; RESET ROLE undoes it there (docs/security.md).
 */
export async function useLoginRole(db: DbHandle): Promise<void> {
  await db.execute(sql.raw(`set role ${LOGIN_ROLE}`));
}
