import { ROLES, startOfLocalDay, type AdminOverview, type Role } from '@clinic/domain';
import { auditRowsSince } from '../../platform/audit-readers.js';
import type { TenantRouteContext } from '../../platform/route/index.js';
import { signInFailureCounts } from '../auth/index.js';
import { openAlertCount } from '../emergency/index.js';
import { memberCounts } from '../members/index.js';
import { pagesSince } from '../paging/index.js';
import { directoryCount } from '../patients/index.js';
import { queueDayFigures } from '../queue/index.js';

const DAY_MS = 86_400_000;

/** The memberships' groups as the overview counts them: every role (0 where none), every status met. */
function memberFigures(groups: Array<{ role: string; status: string; n: number }>): AdminOverview['members'] {
  const byRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  const byStatus: Record<string, number> = {};
  let total = 0;
  for (const g of groups) {
    if (g.role in byRole) byRole[g.role as Role] += g.n;
    byStatus[g.status] = (byStatus[g.status] ?? 0) + g.n;
    total += g.n;
  }
  return { total, byRole, byStatus };
}

/**
 * The organization at a glance, every clinic: counts only. Each module owning the data is asked
 * through its index (one question after another: the request's transaction is one connection);
 * the read itself is audited.
 */
export async function adminOverview(ctx: TenantRouteContext, now = new Date()): Promise<AdminOverview> {
  const { tx, tenant } = ctx;
  const org = tenant.organizationId;
  const wholeOrganization = { organizationId: org, clinicId: null };
  const midnight = startOfLocalDay(tenant.timeZone, now);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const members = await memberCounts(tx, org, now);
  const patients = await directoryCount(tx, wholeOrganization);
  const queue = await queueDayFigures(tx, wholeOrganization, midnight);
  const openAlerts = await openAlertCount(tx, org);
  const pagesToday = await pagesSince(tx, org, midnight);
  const signIns = await signInFailureCounts(tx, org, dayAgo);
  const auditRows = await auditRowsSince(tx, org, dayAgo);
  await ctx.audit('admin.overview-read', { type: 'organization', id: org });
  return {
    members: memberFigures(members.groups),
    openInvitations: members.openInvitations,
    patients,
    queueToday: { active: queue.activeQueue, completed: queue.completedToday, avgWaitMinutes: queue.avgWaitTime },
    openAlerts,
    pagesToday,
    last24Hours: { ...signIns, auditRows },
    generatedAt: now.toISOString(),
  };
}
