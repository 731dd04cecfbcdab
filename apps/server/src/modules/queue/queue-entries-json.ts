/** The waiting room's entries as the JSON text of the reply, in queue order, each entry's scored fields written once. */
import { compareQueueOrder, type QueueStatsEntry, type QueueStatus } from '@clinic/domain';
import { ownFieldsOf, type QueueEntryView } from './queue-entries.js';
import { scoreEntryAsJson } from './queue-scoring.js';

/**
 * The entries as staff read them ({@link QueueEntryView} to `QueueEntryDto`), highest clinical
 * priority first, as one JSON array: each entry's own fields are serialized at the read, the fields
 * of its kept scoring (risk factors, recommendations, guidelines: most of an entry's text) are put
 * in as written when it was scored. Also what the stats read of each entry, in the rows' order.
 */
export function queueEntriesJson(rows: readonly QueueEntryView[], now: Date, clinicianName: (row: QueueEntryView) => string | null) {
  const scored = rows.map((row) => {
    const { derived, scoredJson } = scoreEntryAsJson(row, now);
    return { row, derived, scoredJson, order: { clinicalPriority: derived.clinicalPriority, createdAt: row.createdAt } };
  });
  const stats = scored.map(({ row, derived: d }): QueueStatsEntry => ({
    waitTime: d.waitTime,
    riskScore: d.riskScore,
    urgencyLevel: d.urgencyLevel,
    requiresImmediateAttention: d.requiresImmediateAttention,
    news2: d.news2,
    status: row.status as QueueStatus,
    startedAt: row.startedAt,
  }));
  const ordered = [...scored].sort((a, b) => compareQueueOrder(a.order, b.order));
  const texts = ordered.map(
    ({ row, derived, scoredJson }) => `{${JSON.stringify(ownFieldsOf(row, derived, clinicianName(row))).slice(1, -1)},${scoredJson}}`,
  );
  return { json: `[${texts.join(',')}]`, stats };
}
