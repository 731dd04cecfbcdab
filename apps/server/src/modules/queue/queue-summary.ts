import {
  entryWaitMinutes,
  queueSummaryAt,
  type ComplianceEntry,
  type QueueStatsEntry,
  type QueueStatus,
  type QueueVitalSigns,
} from '@clinic/domain';
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
 * The columns guideline compliance reads of a closed entry whose care started: its stored score and
 * the two times its wait runs between. Closed entries pile up over the compliance window (a busy
 * clinic's day), so they are read with nothing else.
 */
export const complianceView = {
  riskScore: queueEntries.riskScore,
  createdAt: queueEntries.createdAt,
  startedAt: queueEntries.startedAt,
};
/** A closed entry as compliance reads it ({@link complianceView}). */
export type ComplianceRow = Pick<QueueEntryRow, keyof typeof complianceView>;

/** A compliance row as the stats count it: the score and the wait until care started. */
export function complianceEntry(row: ComplianceRow, now: Date): ComplianceEntry {
  return { riskScore: row.riskScore, waitTime: entryWaitMinutes({ createdAt: row.createdAt, startedAt: row.startedAt, closedAt: null }, now) };
}
