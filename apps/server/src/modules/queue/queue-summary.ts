import { ASSESSMENT_BANDS, queueSummaryAt, type QueueStatsEntry, type QueueStatus, type QueueVitalSigns } from '@clinic/domain';
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

/** The band target (minutes) of an entry's stored score, as `assessmentBand` picks it; NULL: no target. */
const bandTarget = sql.join([
  sql`case`,
  ...ASSESSMENT_BANDS.slice(0, -1).map((b) => sql` when ${queueEntries.riskScore} >= ${sql.raw(String(b.min))} then ${minutes(b.targetMinutes)}`),
  sql` else ${minutes(ASSESSMENT_BANDS[ASSESSMENT_BANDS.length - 1].targetMinutes)} end`,
]);
function minutes(target: number | null) {
  return sql.raw(target === null ? 'null::int' : String(Math.trunc(target)));
}
/** The wait from check-in to the start of care (an interval), each time cut to the millisecond as the app reads times. */
const wait = sql`(date_trunc('milliseconds', ${queueEntries.startedAt}) - date_trunc('milliseconds', ${queueEntries.createdAt}))`;

/**
 * Guideline compliance of the closed entries whose care started, counted in the statement
 * ({@link StartedTally}): closed entries pile up over the compliance window (a busy clinic's day),
 * so none is read. Within target is `startedWithinTarget`: the wait in whole minutes, floored, at
 * most the band's target, i.e. shorter than the target plus one minute; no target is within. The
 * wait is compared as an interval (a fifth cheaper than its milliseconds as a number).
 */
export const complianceTally = {
  started: sql<number>`count(*)::int`,
  withinTarget: sql<number>`(count(*) filter (where coalesce(${wait} < (${bandTarget} + 1) * interval '1 minute', true)))::int`,
};
