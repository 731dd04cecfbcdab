import { OPEN_QUEUE_STATUSES } from '@clinic/domain';
import { and, avg, count, eq, gte, inArray, isNotNull, max, sql } from 'drizzle-orm';
import { queueEntries } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';
import type { QueueScope } from './queue.service.js';

/**
 * The statements of {@link queueDayFigures}, unexecuted (the scale test reads their plans): open
 * entries, entries completed since `since`, and the average wait of the entries whose care started
 * since then, each from its own index.
 */
export function queueDayFigureQueries(tx: TenantTx, tenant: QueueScope, since: Date) {
  const scope = and(
    eq(queueEntries.organizationId, tenant.organizationId),
    tenant.clinicId ? eq(queueEntries.clinicId, tenant.clinicId) : undefined,
  );
  return {
    active: tx
      .select({ n: count() })
      .from(queueEntries)
      .where(and(scope, inArray(queueEntries.status, [...OPEN_QUEUE_STATUSES]))),
    completed: tx
      .select({ n: count() })
      .from(queueEntries)
      .where(and(scope, eq(queueEntries.status, 'completed'), gte(queueEntries.endedAt, since))),
    wait: tx
      .select({ minutes: sql<string | null>`avg(extract(epoch from (${queueEntries.startedAt} - ${queueEntries.createdAt})) / 60)` })
      .from(queueEntries)
      .where(and(scope, isNotNull(queueEntries.startedAt), gte(queueEntries.startedAt, since))),
  };
}

/**
 * The queue's figures of a day for the request's clinic (or organization without one): open
 * entries now, entries completed since `since`, and the average wait (check-in to start of care)
 * of the entries whose care started since then, in whole minutes.
 */
export async function queueDayFigures(tx: TenantTx, tenant: QueueScope, since: Date) {
  const queries = queueDayFigureQueries(tx, tenant, since);
  const [[active], [completed], [wait]] = await Promise.all([queries.active, queries.completed, queries.wait]);
  return {
    activeQueue: active.n,
    completedToday: completed.n,
    avgWaitTime: wait.minutes === null ? 0 : Math.round(Number(wait.minutes)),
  };
}

/**
 * The kiosk's figures of one clinic-local day (`day`, the queue date every entry is filed under):
 * its check-ins, how many of them the kiosk measured, their average duration in seconds, and when
 * the latest arrived. Counts only: nothing about any patient.
 */
export async function kioskDayFigures(tx: TenantTx, tenant: QueueScope, day: string) {
  const [row] = await tx
    .select({
      checkIns: count(),
      measured: count(queueEntries.checkInSeconds),
      average: avg(queueEntries.checkInSeconds),
      last: max(queueEntries.createdAt),
    })
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.organizationId, tenant.organizationId),
        tenant.clinicId ? eq(queueEntries.clinicId, tenant.clinicId) : undefined,
        eq(queueEntries.queueDate, day),
        eq(queueEntries.source, 'kiosk'),
      ),
    );
  return {
    day,
    checkInsToday: row.checkIns,
    measuredCheckIns: row.measured,
    averageCheckInSeconds: row.average === null ? null : Math.round(Number(row.average) * 10) / 10,
    lastCheckInAt: row.last ? new Date(row.last).toISOString() : null,
  };
}
