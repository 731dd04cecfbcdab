import { MIN_PASSWORD_LENGTH, organizationSettings } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { auditActionCounts } from '../../platform/audit-readers.js';
import type { RouteTenant, TenantTx } from '../../platform/route/index.js';
import { activeMemberMfa } from '../members/index.js';
import { memberRetentionYears } from '../settings/index.js';

/** The facts of the live system the checks judge (`rules/soc2.ts`). */
export interface Soc2Facts {
  activeMembers: number;
  enrolledMembers: number;
  passwordMinLength: number;
  refusesCommonPasswords: boolean;
  signIns24h: number;
  failedSignIns24h: number;
  appCanUpdateAudit: boolean;
  appCanDeleteAudit: boolean;
  auditGuardTrigger: boolean;
  tenantTables: number;
  unprotectedTables: string[];
  retentionYears: number | null;
}

const DAY_MS = 86_400_000;

/** The organization's password policy, defaults filled in. */
function passwordPolicyOf(tenant: RouteTenant) {
  const parsed = organizationSettings.safeParse(tenant.organization.settings ?? {});
  return (parsed.success ? parsed.data : organizationSettings.parse({})).passwordPolicy;
}

/** Gathers the facts from the database, in the request's tenant transaction. */
export async function gatherFacts({ tx, tenant }: { tx: TenantTx; tenant: RouteTenant }): Promise<Soc2Facts> {
  const org = tenant.organizationId;
  const since = new Date(Date.now() - DAY_MS);
  // One after another: the transaction is one connection.
  const active = await activeMemberMfa(tx, org);
  const signIns = await auditActionCounts(tx, org, ['auth.sign-in', 'auth.sign-in-failed'], since);
  const [privileges] = await tx
    .execute<{ can_update: boolean; can_delete: boolean; guard: boolean }>(
      sql`
      select has_table_privilege('clinic_app', 'audit_events', 'UPDATE') as can_update,
             has_table_privilege('clinic_app', 'audit_events', 'DELETE') as can_delete,
             exists (select 1 from pg_trigger where tgname = 'audit_events_append_only'
                       and tgrelid = 'audit_events'::regclass and tgenabled <> 'D') as guard`,
    )
    .then((r) => r.rows);
  const tables = await tx
    .execute<{ table: string; protected: boolean }>(
      sql`select c.relname as table, (c.relrowsecurity and c.relforcerowsecurity) as protected
              from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'public' and c.relkind in ('r', 'p')
               and (c.relname = 'organizations'
                    or exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped))
             order by c.relname`,
    )
    .then((r) => r.rows);
  const retentionYears = await memberRetentionYears({ tx, tenant });
  const of = (action: string) => Number(signIns.find((s) => s.action === action)?.n ?? 0);
  const failed = of('auth.sign-in-failed');
  return {
    activeMembers: active.members,
    // Active members with a confirmed TOTP second factor.
    enrolledMembers: Number(active.enrolled),
    // The organization's password policy (never below the platform's own minimum).
    passwordMinLength: Math.max(MIN_PASSWORD_LENGTH, passwordPolicyOf(tenant).minLength),
    // `rules/password.ts` refuses the 1,000 most common passwords at sign-up.
    refusesCommonPasswords: true,
    signIns24h: of('auth.sign-in') + failed,
    failedSignIns24h: failed,
    appCanUpdateAudit: privileges.can_update,
    appCanDeleteAudit: privileges.can_delete,
    auditGuardTrigger: privileges.guard,
    tenantTables: tables.length,
    unprotectedTables: tables.filter((t) => !t.protected).map((t) => t.table),
    retentionYears,
  };
}
