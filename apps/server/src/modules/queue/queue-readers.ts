import { OPEN_QUEUE_STATUSES } from '@clinic/domain';
import { and, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import { queueEntries, type QueueEntryRow } from '../../db/schema/index.js';
import type { TenantTx } from '../../platform/route/index.js';

/** Entries of the clinic, or of every clinic of the organization without one. */
const ofClinic = (organizationId: string, clinicId: string | null) =>
  and(eq(queueEntries.organizationId, organizationId), clinicId ? eq(queueEntries.clinicId, clinicId) : undefined);

/** The open entries (waiting or in care) of a clinic, or of every clinic without one: the emergency room's boards. */
export function openQueueEntries(tx: TenantTx, organizationId: string, clinicId: string | null): Promise<QueueEntryRow[]> {
  return tx
    .select()
    .from(queueEntries)
    .where(and(ofClinic(organizationId, clinicId), inArray(queueEntries.status, [...OPEN_QUEUE_STATUSES])));
}

/**
 * The clinic's entries that are open, or were created, started or ended since `since` (all clinics
 * without one), with what a day's emergency-room figures need of each; unexecuted, so a test can
 * read its plan (each condition has its index).
 */
export function queueEntriesActiveSince(tx: TenantTx, organizationId: string, clinicId: string | null, since: Date) {
  return tx
    .select({
      status: queueEntries.status,
      createdAt: queueEntries.createdAt,
      startedAt: queueEntries.startedAt,
      endedAt: queueEntries.endedAt,
      startedBy: queueEntries.startedBy,
      riskScore: queueEntries.riskScore,
      rating: queueEntries.rating,
    })
    .from(queueEntries)
    .where(
      and(
        ofClinic(organizationId, clinicId),
        or(
          inArray(queueEntries.status, [...OPEN_QUEUE_STATUSES]),
          gte(queueEntries.createdAt, since),
          gte(queueEntries.startedAt, since),
          gte(queueEntries.endedAt, since),
        ),
      ),
    );
}

/**
 * SQL about a patient's queue entries for a patients-module query over `patients` aliased
 * `patient` (the facility directory's census), so the census stays one statement while only the
 * queue writes SQL against its table: the department of the patient's newest open or admitted
 * entry.
 */
export function queueDepartmentOf(patient: string): SQL {
  const p = sql.identifier(patient);
  return sql`(select q.department from queue_entries q
              where q.organization_id = ${p}.organization_id and q.patient_id = ${p}.id
                and q.status in ('waiting', 'in-progress', 'admitted', 'emergency-admitted')
              order by q.created_at desc limit 1)`;
}

/** Likewise ({@link queueDepartmentOf}): the patient waits or is in care, or was admitted from the queue after `dischargedAt`. */
export function inCareByQueue(patient: string, dischargedAt: SQL): SQL {
  const p = sql.identifier(patient);
  return sql`exists (select 1 from queue_entries q
                      where q.organization_id = ${p}.organization_id and q.patient_id = ${p}.id
                        and (q.status in ('waiting', 'in-progress')
                             or (q.status in ('admitted', 'emergency-admitted')
                                 and (${dischargedAt} is null or q.updated_at > ${dischargedAt}))))`;
}
