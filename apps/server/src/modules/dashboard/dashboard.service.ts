import { OPEN_QUEUE_STATUSES, organizationTimeZone, startOfLocalDay } from '@clinic/domain';
import { and, count, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { patients, queueEntries } from '../../db/schema/index.js';
import type { TenantContext } from '../../platform/access.js';

/**
 * The dashboard's four figures for the request's clinic: patients in the directory, open queue
 * entries, entries completed today, and the average wait (check-in to start of care) of the
 * entries whose care started today, in minutes.
 */
export async function dashboardStats(tx: Tx, tenant: TenantContext, now = new Date()) {
  const org = tenant.organizationId;
  const since = startOfLocalDay(organizationTimeZone(tenant.organization.settings), now);
  const clinic = tenant.clinicId;
  const inClinic = <T extends typeof patients.clinicId | typeof queueEntries.clinicId>(col: T) => (clinic ? eq(col, clinic) : undefined);
  const [[total], [active], [completed], [wait]] = await Promise.all([
    tx.select({ n: count() }).from(patients).where(and(eq(patients.organizationId, org), inClinic(patients.clinicId), isNull(patients.archivedAt))),
    tx
      .select({ n: count() })
      .from(queueEntries)
      .where(and(eq(queueEntries.organizationId, org), inClinic(queueEntries.clinicId), inArray(queueEntries.status, [...OPEN_QUEUE_STATUSES]))),
    tx
      .select({ n: count() })
      .from(queueEntries)
      .where(and(eq(queueEntries.organizationId, org), inClinic(queueEntries.clinicId), eq(queueEntries.status, 'completed'), gte(queueEntries.endedAt, since))),
    tx
      .select({ minutes: sql<string | null>`avg(extract(epoch from (${queueEntries.startedAt} - ${queueEntries.createdAt})) / 60)` })
      .from(queueEntries)
      .where(and(eq(queueEntries.organizationId, org), inClinic(queueEntries.clinicId), isNotNull(queueEntries.startedAt), gte(queueEntries.startedAt, since))),
  ]);
  return {
    totalPatients: total.n,
    activeQueue: active.n,
    completedToday: completed.n,
    avgWaitTime: wait.minutes === null ? 0 : Math.round(Number(wait.minutes)),
  };
}
