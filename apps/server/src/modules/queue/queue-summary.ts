import { queueSummaryAt, type QueueStatsEntry, type QueueStatus, type QueueVitalSigns } from '@clinic/domain';
import { sql } from 'drizzle-orm';
import { queueEntries, type QueueEntryRow } from '../../db/schema/index.js';

/**
 * The columns the Queue stats and the public board read of an entry (`queueSummaryAt`): its status
 * and times, the stored risk score and the vital signs, with the queue number and name the board
 * shows as initials. Neither the symptoms and history nor the recommendations are read.
 */
export const queueSummaryView = {
  status: queueEntries.status,
  createdAt: queueEntries.createdAt,
  startedAt: queueEntries.startedAt,
  startedBy: queueEntries.startedBy,
  endedAt: queueEntries.endedAt,
  riskScore: queueEntries.riskScore,
  vitalSigns: queueEntries.vitalSigns,
  supplementalOxygen: queueEntries.supplementalOxygen,
  queueNumber: queueEntries.queueNumber,
  firstName: queueEntries.firstName,
  lastName: queueEntries.lastName,
};
/** An entry as the stats and the board read it ({@link queueSummaryView}). */
export type QueueSummaryRow = Pick<QueueEntryRow, keyof typeof queueSummaryView>;

/** A summary row as the stats count it as of `now`. */
export function summaryEntry(row: QueueSummaryRow, now: Date): QueueStatsEntry {
  const vitals = row.vitalSigns as QueueVitalSigns | null;
  return queueSummaryAt(
    {
      status: row.status as QueueStatus,
      createdAt: row.createdAt,
      startedAt: row.startedAt,
      closedAt: row.startedAt ? null : row.endedAt,
      riskScore: row.riskScore,
      vitalSigns: vitals ? { ...vitals, supplementalOxygen: row.supplementalOxygen } : null,
    },
    now,
  );
}

/**
 * Guideline compliance of the closed entries whose care started, counted in the statement
 * ({@link StartedTally}) from the index of the start of care: closed entries pile up over the
 * compliance window (a busy clinic's day), so none is read. Within target is the kept
 * `started_within_target`, the domain's `startedWithinTarget` written out by the schema.
 */
export const complianceTally = {
  started: sql<number>`count(*)::int`,
  withinTarget: sql<number>`(count(*) filter (where ${queueEntries.startedWithinTarget}))::int`,
};
