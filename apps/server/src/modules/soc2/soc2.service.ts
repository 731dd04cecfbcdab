import os from 'node:os';
import {
  auditImmutableCheck,
  backupCheck,
  criterionStatus,
  dataRetentionCheck,
  failedSignInCheck,
  mfaAdoptionCheck,
  passwordPolicyCheck,
  riskAssessment,
  SECURITY_EVENT_ACTIONS,
  SECURITY_EVENT_SEVERITY,
  serverErrorRateCheck,
  SOC2_CRITERIA,
  tenantRlsCheck,
  transportSecurityCheck,
  type Soc2CheckResult,
  type Soc2Dashboard,
} from '@clinic/domain';
import { latestAuditEvents } from '../../platform/audit-readers.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { gatherFacts } from './soc2-facts.js';

/** What the checks need from outside the database: the deployment's settings and the request counts. */
export interface Soc2Environment {
  publicUrl: string | null;
  backupUrl: string | null;
  requests: () => { requests: number; serverErrors: number };
}

/** Runs every check against the live system. */
export async function runChecks(ctx: TenantRouteContext, env: Soc2Environment): Promise<Soc2CheckResult[]> {
  const f = await gatherFacts(ctx);
  const window = env.requests();
  return [
    mfaAdoptionCheck({ activeMembers: f.activeMembers, enrolledMembers: f.enrolledMembers }),
    passwordPolicyCheck({ minLength: f.passwordMinLength, refusesCommonPasswords: f.refusesCommonPasswords }),
    failedSignInCheck({ attempts: f.signIns24h, failures: f.failedSignIns24h }),
    backupCheck({ backupTarget: env.backupUrl }),
    serverErrorRateCheck({ requests: window.requests, serverErrors: window.serverErrors, window: '24 h' }),
    auditImmutableCheck({ appCanUpdate: f.appCanUpdateAudit, appCanDelete: f.appCanDeleteAudit, guardTrigger: f.auditGuardTrigger }),
    tenantRlsCheck({ tenantTables: f.tenantTables, unprotected: f.unprotectedTables }),
    transportSecurityCheck({ publicUrl: env.publicUrl }),
    dataRetentionCheck({ retentionYears: f.retentionYears }),
  ];
}

let lastCpu: { idle: number; total: number } | null = null;
/** The machine's CPU busy share since the previous reading (since boot on the first). */
function cpuUsagePercent(): number {
  const now = os.cpus().reduce(
    (acc, c) => {
      const total = c.times.user + c.times.nice + c.times.sys + c.times.idle + c.times.irq;
      return { idle: acc.idle + c.times.idle, total: acc.total + total };
    },
    { idle: 0, total: 0 },
  );
  const before = lastCpu ?? { idle: 0, total: 0 };
  lastCpu = now;
  const total = now.total - before.total;
  const idle = now.idle - before.idle;
  return total > 0 ? Math.round((1 - idle / total) * 1000) / 10 : 0;
}

/** Uptime, memory and CPU of this server. */
export function systemHealth(): Soc2Dashboard['systemHealth'] {
  const total = os.totalmem();
  const used = total - os.freemem();
  return {
    uptime: Math.floor(process.uptime()),
    memory: { used, total, percentage: Math.round((used / total) * 1000) / 10 },
    cpu: { usage: cpuUsagePercent(), load: Math.round(os.loadavg()[0] * 100) / 100 },
  };
}

function describeEvent(action: string, email: string | null, details: Record<string, unknown> | null): string {
  const who = email ?? (typeof details?.email === 'string' ? details.email : 'someone');
  switch (action) {
    case 'auth.sign-in-failed':
      return `Failed sign-in for ${who}`;
    case 'auth.sign-in-throttled':
      return `Sign-ins locked for ${who} after repeated failures`;
    case 'auth.sign-in-lock-cleared':
      return `${who} cleared a sign-in lock`;
    case 'member.updated':
      return `${who} changed a member's role or permissions`;
    case 'member.role-changed':
      return `${who} changed a role`;
    case 'access.refused':
      return `${who} was refused access to ${typeof details?.path === 'string' ? details.path : 'a page'}`;
    case 'access.cross-tenant-refused':
      return `${who} tried to reach another organization`;
    case 'visitor.export':
      return `${who} exported the visitor log`;
    case 'soc2.audit-trail-exported':
      return `${who} exported the audit trail`;
    case 'soc2.report-generated':
      return `${who} generated the SOC 2 report`;
    default:
      return `${action} by ${who}`;
  }
}

/** The organization's 5 latest security events from its audit log. */
export async function recentSecurityEvents({ tx, tenant }: TenantRouteContext): Promise<Soc2Dashboard['recentEvents']> {
  const rows = await latestAuditEvents(tx, tenant.organizationId, SECURITY_EVENT_ACTIONS, 5);
  return rows.map((r) => ({
    id: r.id,
    severity: SECURITY_EVENT_SEVERITY[r.action] ?? 'low',
    eventType: r.action,
    description: describeEvent(r.action, r.email, r.details as Record<string, unknown> | null),
    timestamp: r.at.toISOString(),
  }));
}

/** `GET /api/soc2/dashboard`: computed now from the live system. */
export async function soc2Dashboard(ctx: TenantRouteContext, env: Soc2Environment): Promise<Soc2Dashboard> {
  const testedAt = new Date().toISOString();
  const checks = await runChecks(ctx, env);
  const complianceStatus = Object.fromEntries(
    SOC2_CRITERIA.map((c) => [
      c,
      criterionStatus(
        checks.filter((k) => k.criterion === c),
        testedAt,
      ),
    ]),
  ) as Soc2Dashboard['complianceStatus'];
  return {
    lastUpdated: testedAt,
    complianceStatus,
    systemHealth: systemHealth(),
    riskAssessment: riskAssessment(checks),
    recentEvents: await recentSecurityEvents(ctx),
    checks,
  };
}
